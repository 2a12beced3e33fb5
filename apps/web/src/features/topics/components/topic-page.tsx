import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Alert, Box, Button, Chip, Container, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { LoadState } from '../../../components/load-state';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { articlePath } from '@wink/contracts/article-references';
import { DiscussionCard } from '../../discussions';
import {
  topicDiscussionsQueryOptions,
  topicQueryOptions,
  useTopic,
  useTopicDiscussions,
  useToggleTopicFollow,
  type Topic,
} from '../api/topics-api';
import { withFirstViewData } from '../../../lib/first-view-data';

/** `/search` with the article open in its drawer: where an article of the topic is read. */
const topicArticlePath = (topic: Topic, articleId: string) => articlePath(articleId, topic.name);

function TopicLinks({ label, topics }: { label: string; topics: { ui: string; name: string }[] }) {
  if (topics.length === 0) return null;
  return (
    <Box component="section" aria-label={label}>
      <Typography component="h2" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack component="ul" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
        {topics.map((topic) => (
          <li key={topic.ui}>
            <Chip size="small" clickable variant="outlined" label={topic.name} component={RouterLink} to={paths.TopicsShow(topic.ui)} />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function FollowButton({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  const toggle = useToggleTopicFollow(topic.ui);
  const followed = topic.followed;
  return (
    <Button
      variant={followed ? 'outlined' : 'contained'}
      startIcon={followed ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
      aria-pressed={followed}
      disabled={toggle.isPending}
      onClick={() => {
        track(followed ? 'topic_unfollowed' : 'topic_followed', { ui: topic.ui });
        toggle.mutate(!followed);
      }}
    >
      {followed ? t('topicPage.following') : t('topicPage.follow')}
    </Button>
  );
}

function TaggedDiscussions({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  const query = useTopicDiscussions(topic.ui);
  const discussions = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Box component="section" aria-labelledby="topic-discussions">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" id="topic-discussions">
          {t('topicPage.discussions')}
        </Typography>
        <Button component={RouterLink} to={`${paths.DiscussionsCreate()}?${new URLSearchParams({ title: topic.layName ?? topic.name })}`}>
          {t('topicPage.startDiscussion')}
        </Button>
      </Stack>
      <LoadState
        query={query}
        loading={<Skeleton variant="rounded" height={96} />}
        errorMessage={t('topicPage.discussionsError')}
        isEmpty={discussions.length === 0}
        empty={<Typography color="text.secondary">{t('topicPage.noDiscussions')}</Typography>}
      >
        <Stack spacing={1.5}>
          {discussions.map((discussion) => (
            <DiscussionCard key={discussion.id} discussion={discussion} headingLevel="h3" />
          ))}
          {query.hasNextPage && (
            <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('topicPage.moreDiscussions')}
            </Button>
          )}
        </Stack>
      </LoadState>
    </Box>
  );
}

function BestArticles({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="topic-articles">
      <Typography component="h2" variant="h6" id="topic-articles" sx={{ mb: 1 }}>
        {t('topicPage.articles')}
      </Typography>
      {topic.articles.length === 0 ? (
        <Typography color="text.secondary">{t('topicPage.noArticles')}</Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {topic.articles.map((article) => (
            <Paper component="li" variant="outlined" key={article.id} sx={{ p: 1.5 }}>
              <Link
                component={RouterLink}
                to={topicArticlePath(topic, article.id)}
                underline="hover"
                onClick={() => track('sri_clicked', { from: 'topic' })}
              >
                {article.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {[article.journal, article.publishedAt && t('topicPage.published', { date: article.publishedAt })]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** `/topics/:ui`: a MeSH descriptor as a page: names, tree, best articles, tagged discussions, follow. */
function TopicPage() {
  const { t } = useTranslation();
  const { ui = '' } = useParams();
  const { data: topic, isPending, isError, error, refetch } = useTopic(ui);

  // Once per topic shown, not again when following changes the data.
  const shownUi = topic?.ui;
  useEffect(() => {
    if (shownUi) track('topic_viewed', { ui: shownUi });
  }, [shownUi]);

  if (isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Skeleton variant="text" width="60%" height={48} />
        <Skeleton variant="rounded" height={160} />
      </Container>
    );
  }
  if (isError) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {error instanceof ApiError && error.status === 404 ? (
          <Alert severity="error">{t('topicPage.notFound')}</Alert>
        ) : (
          <LoadFailed message={t('topicPage.loadFailed')} onRetry={() => void refetch()} />
        )}
      </Container>
    );
  }
  const title = topic.layName ?? topic.name;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box>
            <Typography component="h1" variant="h4">
              {title}
            </Typography>
            <Typography color="text.secondary">
              {topic.layName ? t('topicPage.meshName', { name: topic.name, ui: topic.ui }) : t('topicPage.meshUi', { ui: topic.ui })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('topicPage.followers', { count: topic.followersCount })}
            </Typography>
          </Box>
          <FollowButton topic={topic} />
        </Stack>
        {topic.scopeNote && <Typography>{topic.scopeNote}</Typography>}
        {topic.synonyms.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('topicPage.synonyms')}: {topic.synonyms.join(', ')}
          </Typography>
        )}
        <TopicLinks label={t('topicPage.broader')} topics={topic.broader} />
        <TopicLinks label={t('topicPage.narrower')} topics={topic.narrower} />
        <BestArticles topic={topic} />
        <TaggedDiscussions topic={topic} />
        <Typography variant="caption" color="text.secondary">
          {t('topicPage.source')}
        </Typography>
      </Stack>
    </Container>
  );
}

/** The topic, then its discussions (asked for by the descriptor's own UI, as the page does). */
export default withFirstViewData(TopicPage, async ({ params, queryClient }) => {
  const topic = await queryClient.fetchQuery(topicQueryOptions(params.ui ?? '')).catch(() => null);
  if (topic) await queryClient.prefetchInfiniteQuery(topicDiscussionsQueryOptions(topic.ui));
});
