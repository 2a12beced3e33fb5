import TuneIcon from '@mui/icons-material/Tune';
import { Box, Button, TextField } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import type { FacetCount, SearchCriteria, SearchResponse } from '../api/search-articles';
import type { SearchUrlPatch } from '../hooks/use-search-params-state';
import { sourceName } from '../../../components/article-source';

interface SearchFiltersProps {
  criteria: SearchCriteria;
  facets: SearchResponse['meta']['facets'];
  /** The counts come from a sample of the hits (meta.facets_estimated). */
  estimated: boolean;
  onChange: (patch: SearchUrlPatch) => void;
  /** On a phone the filters fold away behind their toggle (SearchFiltersToggle); wider screens always show them. */
  openOnPhone: boolean;
  id: string;
}

/** The chosen value stays in the list even when the facet no longer counts it (0 hits). */
function withSelected(facets: FacetCount[], selected: string | undefined): FacetCount[] {
  if (!selected || facets.some((facet) => facet.value === selected)) return facets;
  return [{ value: selected, count: 0 }, ...facets];
}

/** Source, publication type and date range, with how many hits each value would give (the facets). */
export function SearchFilters({ criteria, facets, estimated, onChange, openOnPhone, id }: SearchFiltersProps) {
  const { t } = useTranslation();
  const sourceLabel = sourceName;
  const withCount = estimated ? 'searchResults.filters.withEstimatedCount' : 'searchResults.filters.withCount';
  const active = activeFilterCount(criteria) > 0;
  const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

  return (
    <Box
      role="group"
      id={id}
      aria-label={t('searchResults.filters.title')}
      sx={{
        display: { xs: openOnPhone ? 'grid' : 'none', sm: 'grid' },
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
        gap: 1.5,
        my: 1.5,
        alignItems: 'center',
      }}
    >
      <TextField
        select
        size="small"
        label={t('searchResults.filters.source')}
        value={criteria.source ?? ''}
        onChange={(event) => onChange({ source: event.target.value || null })}
        slotProps={selectProps}
      >
        <option value="">{t('searchResults.filters.any')}</option>
        {withSelected(facets.source, criteria.source).map((facet) => (
          <option key={facet.value} value={facet.value}>
            {t(withCount, { label: sourceLabel(facet.value), count: facet.count })}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('searchResults.filters.publicationType')}
        value={criteria.publicationType ?? ''}
        onChange={(event) => onChange({ publicationType: event.target.value || null })}
        slotProps={selectProps}
      >
        <option value="">{t('searchResults.filters.any')}</option>
        {withSelected(facets.publicationType, criteria.publicationType).map((facet) => (
          <option key={facet.value} value={facet.value}>
            {t(withCount, { label: facet.value, count: facet.count })}
          </option>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t('searchResults.filters.from')}
        value={criteria.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value || null })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: criteria.to } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('searchResults.filters.to')}
        value={criteria.to ?? ''}
        onChange={(event) => onChange({ to: event.target.value || null })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: criteria.from } }}
      />
      {active && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button size="small" onClick={() => onChange({ source: null, publicationType: null, from: null, to: null })}>
            {t('searchResults.filters.clear')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** How many filters are set. */
export const activeFilterCount = (criteria: SearchCriteria) =>
  [criteria.source, criteria.publicationType, criteria.from, criteria.to].filter(Boolean).length;

/**
 * On a phone, the filters' toggle beside the result count: folded, the four fields would take two rows
 * and push all but the first result below the fold. It names how many filters are set.
 */
export function SearchFiltersToggle({
  criteria,
  open,
  controls,
  onToggle,
}: {
  criteria: SearchCriteria;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const count = activeFilterCount(criteria);
  return (
    <Button
      size="small"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      startIcon={<TuneIcon />}
      sx={{ display: { xs: 'inline-flex', sm: 'none' }, flexShrink: 0 }}
    >
      {count > 0 ? t('searchResults.filters.toggleActive', { count }) : t('searchResults.filters.toggle')}
    </Button>
  );
}
