import { Box, Chip } from '@mui/material';
import { useDeferredValue } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSuggestions } from '../api/suggest';

/** MeSH names and entry terms for what is being typed; picking one searches it at once. */
export default function SearchSuggestions({ text, onPick }: { text: string; onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(text);
  const { data } = useSuggestions(deferred);
  if (!data?.length) return null;
  return (
    <Box
      component="ul"
      aria-label={t('searchResults.suggestionsLabel')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
    >
      {data.map((suggestion) => (
        <li key={`${suggestion.ui}-${suggestion.text}`}>
          <Chip label={suggestion.text} variant="outlined" onClick={() => onPick(suggestion.text)} />
        </li>
      ))}
    </Box>
  );
}
