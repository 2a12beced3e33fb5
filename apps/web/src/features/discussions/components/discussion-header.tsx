import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import { Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useArticle, searchUrlKeys } from '../../search';
import type { Discussion } from '../api/discussion-keys';
import { TopicChips } from '../../../components/topic-chips';
import { AccessBadge } from './access-badge';
import { ItemMenu } from './comment-menu';
import { RelativeTime } from '../../../components/relative-time';
import { UpvoteButton } from './upvote-button';
import { UserLink } from './user-link';

/** The article as the search page opens it: selected, drawer open, on its article tab. */
export function articleSearchPath(articleId: string): string {
  const query = new URLSearchParams({
    [searchUrlKeys.selectedResult]: articleId,
    [searchUrlKeys.drawerOpen]: '1',
    [searchUrlKeys.tab]: 'article',
  });
  return `${paths.Search()}?${query.toString()}`;
}

function ArticleLink({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const article = useArticle(articleId);
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <ArticleOutlinedIcon aria-hidden fontSize="small" color="primary" />
      <Typography variant="body2" component="span">
        {t('discussions.show.about')}{' '}
        <Link component={RouterLink} to={articleSearchPath(articleId)}>
          {article.data?.title ?? t('discussions.show.linkedArticle')}
        </Link>
      </Typography>
    </Stack>
  );
}

interface DiscussionHeaderProps {
  discussion: Discussion;
  onUpvote: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onReport: () => void;
}

/** Title, who and when, what it is about, and what can be done with it. */
export function DiscussionHeader({ discussion, onUpvote, onEdit, onDelete, onReport }: DiscussionHeaderProps) {
  const { t } = useTranslation();
  const owner = discussion.membership === 'owner';
  const edited = new Date(discussion.updatedAt).getTime() - new Date(discussion.createdAt).getTime() > 1000;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {discussion.title}
        </Typography>
        <ItemMenu
          label={t('discussions.show.moreActions')}
          onEdit={owner ? onEdit : undefined}
          onDelete={owner ? onDelete : undefined}
          onReport={owner ? undefined : onReport}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}>
        <AccessBadge accessType={discussion.accessType} />
        <UserLink user={discussion.owner} />
        <Typography variant="body2" component="span">
          {t('discussions.show.started')} <RelativeTime date={discussion.createdAt} />
        </Typography>
        {edited && (
          <Typography variant="body2" component="span">
            {t('discussions.show.edited')} <RelativeTime date={discussion.updatedAt} />
          </Typography>
        )}
      </Stack>
      <TopicChips topics={discussion.meshTerms} from="discussion" />
      {discussion.articleId && <ArticleLink articleId={discussion.articleId} />}
      {discussion.contentVisible && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <UpvoteButton upvoted={discussion.upvoted} count={discussion.upvotesCount} onToggle={onUpvote} size="medium" />
          <Button component={RouterLink} to={paths.DiscussionsShowMembers(discussion.id)} startIcon={<PeopleOutlineIcon />}>
            {t('discussions.show.members', { count: discussion.membersCount })}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
