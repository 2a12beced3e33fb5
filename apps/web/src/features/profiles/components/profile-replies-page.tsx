import ReplyIcon from '@mui/icons-material/Reply';
import { Card, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { Markdown, preloadMarkdownRenderer } from '../../../components/markdown';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { profileRepliesQueryOptions, useProfileReplies, type ProfileReply } from '../api/get-profile-replies';
import { ProfileList } from './profile-list';
import { withSectionData } from './profile-section-data';

// Comments come as Markdown: the renderer starts downloading with this chunk, beside their data.
preloadMarkdownRenderer();

/** The profile's replies section: what they wrote, each with the discussion it was said in. */
function ProfileRepliesPage() {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const replies = useProfileReplies(sid);
  return (
    <ProfileList
      query={replies}
      label={t('profile.repliesList')}
      empty={{ icon: <ReplyIcon />, title: t('profile.repliesEmptyTitle'), description: t('profile.repliesEmptyBody') }}
      keyOf={(reply) => reply.id}
      renderItem={(reply) => <ReplyItem reply={reply} />}
    />
  );
}

function ReplyItem({ reply }: { reply: ProfileReply }) {
  const { t } = useTranslation();
  // The single-comment page shows a top-level comment with its replies, so a reply opens its parent's thread.
  const threadId = reply.parentId ?? reply.id;
  return (
    <Card component="article" variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('profile.inDiscussionPrefix')}{' '}
          <Link component={RouterLink} to={paths.DiscussionsShowComment(reply.discussion.id, threadId)} sx={{ fontWeight: 600 }}>
            {reply.discussion.title}
          </Link>
        </Typography>
        {reply.deleted || reply.body === null ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('profile.deletedComment')}
          </Typography>
        ) : (
          <Markdown source={reply.body} />
        )}
        <Typography variant="caption" color="text.secondary">
          {t('profile.replyAt', { date: reply.createdAt })}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Rendered on the server, the section comes with its list's first page. */
export default withSectionData(ProfileRepliesPage, (queryClient, sid) =>
  queryClient.prefetchInfiniteQuery(profileRepliesQueryOptions(sid)),
);
