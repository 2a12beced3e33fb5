import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Button, Stack } from '@mui/material';
import { DISCUSSION_BODY_MAX, DISCUSSION_TITLE_MAX } from '@wink/contracts/discussions';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { usePermissionGate } from '../../subscriptions';
import type { WinkMessage } from '../api/healthbot-keys';
import { useSaveCitedArticles } from '../api/save-cited-articles';

interface AnswerActionsProps {
  question: string;
  answer: WinkMessage;
  onNavigate: () => void;
}

/** The discussion form, prefilled: the question as title, the answer and its sources as body, linked to the first source. */
function discussionUrl(question: string, answer: WinkMessage, body: string): string {
  const params = new URLSearchParams();
  const first = answer.citations[0];
  if (first) params.set('article_id', first.articleId);
  params.set('title', question.replace(/\s+/g, ' ').slice(0, DISCUSSION_TITLE_MAX));
  params.set('body', body.slice(0, DISCUSSION_BODY_MAX));
  return `${paths.DiscussionsCreate()}?${params}`;
}

/** Under an answer with sources: keep the sources in my draft collection, or take the answer to the community. */
export function AnswerActions({ question, answer, onNavigate }: AnswerActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = usePermissionGate();
  const save = useSaveCitedArticles();

  const saveCited = () =>
    save.mutate(
      answer.citations.map((c) => c.articleId),
      {
        onSuccess: ({ added }) =>
          showNotice({
            severity: 'success',
            message: added > 0 ? t('healthbot.savedCited', { count: added }) : t('healthbot.alreadySaved'),
            action: {
              label: t('healthbot.openDraft'),
              onClick: () => {
                onNavigate();
                void navigate(paths.CollectionsShowDraft());
              },
            },
          }),
      },
    );

  const startDiscussion = () =>
    gate('write', () => {
      const sources = answer.citations.map((c) => `${c.n}. ${c.title}${c.url ? ` (${c.url})` : ''}`).join('\n');
      const quoted = answer.content
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
      onNavigate();
      void navigate(discussionUrl(question, answer, t('healthbot.discussionBody', { question, answer: quoted, sources })));
    });

  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <Button size="small" variant="outlined" startIcon={<BookmarkAddOutlinedIcon />} onClick={saveCited} disabled={save.isPending}>
        {t('healthbot.saveCited')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<ForumOutlinedIcon />} onClick={startDiscussion}>
        {t('healthbot.startDiscussion')}
      </Button>
    </Stack>
  );
}
