import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button, Link, Typography } from '@mui/material';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import type { SearchResponse } from '../api/search-articles';

export type NothingFound = NonNullable<SearchResponse['meta']['nothingFound']>;

const quoted = (words: string[]) => words.map((w) => `“${w}”`).join(', ');

/**
 * Why a search shows no articles, and where to go instead: the words that found nothing and, when the
 * server knows one, the nearest topic that has pages (meta.nothing_found). Never a dead end.
 */
export function NothingFoundState({
  q,
  nothing,
  onSearchTerm,
}: {
  q: string;
  nothing: NothingFound | null | undefined;
  onSearchTerm: (term: string) => void;
}) {
  const { t } = useTranslation();
  const topic = nothing?.nearestTopic ?? null;
  const words = nothing?.words.length ? nothing.words : [q];
  return (
    <EmptyState
      icon={<SearchOffIcon />}
      title={t('search.noResultsTitle')}
      description={
        <>
          {t('searchResults.nothingFoundFor', { words: quoted(words) })}{' '}
          {topic ? t('searchResults.nearestTopic', { name: topic.name }) : t('search.noResultsHint')}
        </>
      }
      action={
        topic ? (
          <Button variant="contained" onClick={() => onSearchTerm(topic.name)}>
            {t('searchResults.searchTopic', { name: topic.name })}
          </Button>
        ) : undefined
      }
    />
  );
}

/** Above a question's results: the part of it that found nothing, and the broader topic searched instead when there was one. */
export function PartlyFoundLine({ nothing, onSearchTerm }: { nothing: NothingFound; onSearchTerm: (term: string) => void }) {
  const { t } = useTranslation();
  const topic = nothing.nearestTopic;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
      {t('searchResults.partlyFound', { words: quoted(nothing.words) })}{' '}
      {topic && (
        <Link component="button" type="button" variant="body2" onClick={() => onSearchTerm(topic.name)} sx={{ verticalAlign: 'baseline' }}>
          {t('searchResults.searchTopic', { name: topic.name })}
        </Link>
      )}
    </Typography>
  );
}
