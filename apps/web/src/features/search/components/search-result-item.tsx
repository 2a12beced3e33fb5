import StarIcon from '@mui/icons-material/Star';
import { Box, Chip, Link, Paper, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import type { SearchHit } from '../api/search-articles';
import { HighlightedSnippet } from './highlighted-snippet';
import { SaveToCollectionButton } from './save-to-collection-button';
import { sourceName } from '../../../components/article-source';

/** One hit: the title opens the drawer; snippet, source, date, publication types and main topics below. */
export function SearchResultItem({ hit, selected, onSelect }: { hit: SearchHit; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const majorTerms = hit.meshTerms.filter((term) => term.major);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-current={selected || undefined}
      sx={{ p: 2, borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <Typography component="h2" variant="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
        <Link component="button" type="button" onClick={onSelect} underline="hover" sx={{ textAlign: 'left', font: 'inherit' }}>
          {hit.title}
        </Link>
      </Typography>
      {/* Three lines on a phone, so more than one result shows above the fold; the drawer has the rest. */}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          mb: 1,
          display: { xs: '-webkit-box', sm: 'block' },
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: { xs: 3, sm: 'none' },
          overflow: { xs: 'hidden', sm: 'visible' },
        }}
      >
        <HighlightedSnippet snippet={hit.snippet} />
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
        <Chip size="small" color="primary" variant="outlined" label={sourceName(hit.source)} />
        {hit.publishedAt && (
          <Typography variant="caption" color="text.secondary">
            {t('searchResults.published', { date: hit.publishedAt })}
          </Typography>
        )}
        {hit.publicationTypes.map((type) => (
          <Chip key={type} size="small" label={type} />
        ))}
        <Box sx={{ ml: 'auto' }}>
          <SaveToCollectionButton articleId={hit.id} title={hit.title} />
        </Box>
      </Box>
      {majorTerms.length > 0 && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
          <StarIcon aria-hidden sx={{ fontSize: 14, verticalAlign: 'text-bottom', mr: 0.5, color: 'warning.main' }} />
          {t('searchResults.majorTopics')}: {majorTerms.map((term) => term.name).join(', ')}
        </Typography>
      )}
    </Paper>
  );
}
