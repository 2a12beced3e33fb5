import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton, Skeleton, Stack, Typography, type Theme } from '@mui/material';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
// Discussion pieces reach the search page only through this lazily loaded module (search-page.tsx),
// so none of them weighs on its first paint.
import { useCreateDiscussion } from '../api/create-discussion';
import { DiscussionForm, type DiscussionSubmitValues } from './discussion-form';
import { privacyAnalytics, type GuardOutcome } from './use-privacy-guard';
import { usePermissionGate } from '../../subscriptions';
import { useArticle, useSearchParamsState } from '../../search';

// The whole screen on phones (MUI's fullScreen styles below `sm`), in CSS rather than useMediaQuery:
// no flash of the small dialog on the first render, and no media-query hook split out of the chrome's chunk.
const phoneFullScreen = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: 'none', borderRadius: 0 },
});

export interface StartDiscussionDialogProps {
  articleId: string;
  open: boolean;
}

/**
 * dm=1: the discussion form over the search page, linked to the selected article. It is URL state, so
 * back closes it; closing replaces the dm=1 entry rather than pushing another, so back afterwards does
 * not reopen it. A posted discussion replaces that entry too: back from it returns to the drawer.
 */
export default function StartDiscussionDialog({ articleId, open }: StartDiscussionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const [, update] = useSearchParamsState();
  const article = useArticle(articleId);
  const create = useCreateDiscussion();
  const gate = usePermissionGate();

  const close = () => update({ discussionModel: null }, { replace: true });
  const onSubmit = async (values: DiscussionSubmitValues, outcome: GuardOutcome) => {
    const discussion = await create.mutateAsync({ ...values, articleId });
    track('discussion_posted', { access_type: discussion.accessType, ...privacyAnalytics(outcome) });
    await navigate(paths.DiscussionsShow(discussion.id), { replace: true });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId} slotProps={{ paper: { sx: phoneFullScreen } }}>
      {/* Before the title: MUI trims the content's top padding only right after a DialogTitle. */}
      <IconButton aria-label={t('startDiscussion.close')} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('startDiscussion.title')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <DescriptionOutlinedIcon aria-hidden color="primary" />
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t('startDiscussion.about')}
            </Typography>
            {article.isPending ? (
              <Skeleton variant="text" width="60%" />
            ) : (
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {article.data?.title ?? t('startDiscussion.articleUnavailable')}
              </Typography>
            )}
          </Stack>
        </Stack>
        <DiscussionForm
          initial={{ title: '', body: '', accessType: 'public', summary: '' }}
          submitLabel={t('discussions.form.publish')}
          onSubmit={onSubmit}
          onCancel={close}
          extraErrorFields={['articleId']}
          gate={(submit) => gate('write', submit)}
        />
      </DialogContent>
    </Dialog>
  );
}
