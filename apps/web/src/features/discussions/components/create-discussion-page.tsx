import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Card, CardContent, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useArticle } from '../../search';
import { useUser } from '../../auth';
import { PlanRequiredPanel, checkPermission, usePermissionGate } from '../../subscriptions';
import { useCreateDiscussion } from '../api/create-discussion';
import { DiscussionForm, type DiscussionSubmitValues } from './discussion-form';
import { privacyAnalytics, type GuardOutcome } from './use-privacy-guard';

/** The article a discussion starts from (?article_id=), with a way to drop it. */
function LinkedArticle({ articleId, onRemove }: { articleId: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const article = useArticle(articleId);
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, '&:last-child': { pb: 2 } }}>
        <ArticleOutlinedIcon aria-hidden color="primary" />
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('discussions.form.linkedArticle')}
          </Typography>
          {article.isPending ? (
            <Skeleton variant="text" width="60%" />
          ) : (
            <Typography sx={{ fontWeight: 600 }}>{article.data?.title ?? t('discussions.form.articleUnavailable')}</Typography>
          )}
        </Stack>
        <IconButton onClick={onRemove} aria-label={t('discussions.form.removeArticle')}>
          <CloseIcon />
        </IconButton>
      </CardContent>
    </Card>
  );
}

/** /discussions/create-discussion: a title, a Markdown body and who may read it; optionally about an article. */
export default function CreateDiscussionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const articleId = params.get('article_id') || null;
  const create = useCreateDiscussion();
  const gate = usePermissionGate();
  const { data: user } = useUser();
  // Asked before anything is typed: without a plan that writes, the page offers the Leader plan instead of the form.
  const mayWrite = !user || checkPermission(user, 'write');

  const removeArticle = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('article_id');
        return next;
      },
      { replace: true },
    );

  const onSubmit = async (values: DiscussionSubmitValues, outcome: GuardOutcome) => {
    const discussion = await create.mutateAsync({ ...values, articleId });
    track('discussion_posted', { access_type: discussion.accessType, ...privacyAnalytics(outcome) });
    await navigate(paths.DiscussionsShow(discussion.id));
  };

  return (
    <Stack spacing={2}>
      <BackButton fallback={paths.Discussions()} />
      <Typography variant="h1">{t('discussions.createTitle')}</Typography>
      {!mayWrite ? (
        <PlanRequiredPanel ability="write" />
      ) : (
        <>
          <Typography color="text.secondary">{t('discussions.form.lead')}</Typography>
          <DiscussionForm
            // ?title= and ?body= prefill the form (Wink's "start a discussion from this answer").
            initial={{ title: params.get('title') ?? '', body: params.get('body') ?? '', accessType: 'public', summary: '' }}
            submitLabel={t('discussions.form.publish')}
            onSubmit={onSubmit}
            extraErrorFields={['articleId']}
            gate={(submit) => gate('write', submit)}
          >
            {articleId && <LinkedArticle articleId={articleId} onRemove={removeArticle} />}
          </DiscussionForm>
        </>
      )}
    </Stack>
  );
}
