import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useArticleCitations, type ArticleCitation } from '../api/get-article-citations';
import { RelativeTime } from '../../../components/relative-time';

function CitingPlace({ place }: { place: ArticleCitation }) {
  const { t } = useTranslation();
  const name = place.author ? place.author.displayName || place.author.name : t('citations.formerMember');
  const to = place.commentId
    ? paths.DiscussionsShowComment(place.discussion.id, place.commentId)
    : paths.DiscussionsShow(place.discussion.id);
  const words = place.commentId
    ? t('citations.citedInComment', { name, title: place.discussion.title })
    : t('citations.citedInDiscussion', { name, title: place.discussion.title });
  return (
    <li>
      <Link component={RouterLink} to={to} sx={{ overflowWrap: 'anywhere' }}>
        {words}
      </Link>
      <Typography variant="body2" color="text.secondary">
        <RelativeTime date={place.createdAt} />
      </Typography>
    </li>
  );
}

/** The drawer's "Cited in": the discussions and comments that cite this article, as far as I may read them. */
export function ArticleCitedIn({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useArticleCitations(articleId);
  const places = data?.pages.flatMap((page) => page.data) ?? [];
  if (isPending) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('citations.citedInTitle')}
      </Typography>
      {isError && places.length === 0 ? (
        <Alert severity="error">{t('citations.citedInFailed')}</Alert>
      ) : places.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('citations.citedInEmpty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {places.map((place) => (
            <CitingPlace key={`${place.discussion.id}:${place.commentId ?? ''}`} place={place} />
          ))}
        </Stack>
      )}
      {hasNextPage && (
        <Box>
          <Button size="small" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            {t('searchResults.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
