import { Link } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { searchArticlesQueryOptions } from '../../search';
import { searchUrl } from './citation-links';

/**
 * Where to look next when Wink found nothing to cite: the library's search for the same words only
 * when that search has articles (asked first, so the link never opens "No articles match yet"),
 * else the nearest topic that has pages, else nothing.
 */
export function SearchMoreLink({ query, onNavigate }: { query: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const search = useInfiniteQuery(searchArticlesQueryOptions({ q: query }));
  const first = search.data?.pages[0];
  if (!first) return null;
  if (first.meta.total > 0 && first.data.length > 0) {
    return (
      <Link component={RouterLink} to={searchUrl(query)} onClick={onNavigate} variant="body2" data-testid="wink-search-more">
        {t('healthbot.searchMoreCount', { count: first.meta.total, query })}
      </Link>
    );
  }
  const topic = first.meta.nothingFound?.nearestTopic;
  if (!topic) return null;
  return (
    <Link component={RouterLink} to={paths.TopicsShow(topic.ui)} onClick={onNavigate} variant="body2" data-testid="wink-search-more">
      {t('healthbot.nearestTopic', { name: topic.name })}
    </Link>
  );
}
