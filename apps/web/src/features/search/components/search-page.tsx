import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, IconButton, InputAdornment, OutlinedInput, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { SEARCH_MIN_LENGTH } from '../../../config';

/**
 * The search term's URL key. The page keeps all of its state in the URL (PRODUCT.md §8; seed §2 keys
 * q, sri_id, mo, t, c_id, dm, qd), so editing the term leaves the other keys alone.
 */
const TERM_KEY = 'q';

/** Home (seed §2): the search box and what the search found. */
export default function SearchPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlTerm = searchParams.get(TERM_KEY) ?? '';
  const [value, setValue] = useState(urlTerm);
  const lastWritten = useRef(urlTerm);
  const inputRef = useRef<HTMLInputElement>(null);

  // Back/forward or a pasted link changes the URL under the box: follow it, but never undo typing.
  useEffect(() => {
    if (urlTerm !== lastWritten.current) {
      lastWritten.current = urlTerm;
      setValue(urlTerm);
    }
  }, [urlTerm]);

  const update = (next: string) => {
    setValue(next);
    lastWritten.current = next;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set(TERM_KEY, next);
        else params.delete(TERM_KEY);
        return params;
      },
      { replace: true },
    );
  };

  const term = value.trim();

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('search.title')}
      </Typography>
      <Box component="form" role="search" onSubmit={(event) => event.preventDefault()}>
        <OutlinedInput
          fullWidth
          type="search"
          value={value}
          onChange={(event) => update(event.target.value)}
          placeholder={t('search.placeholder')}
          inputRef={inputRef}
          inputProps={{ 'aria-label': t('search.label'), enterKeyHint: 'search' }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
          endAdornment={
            value && (
              <InputAdornment position="end">
                <IconButton
                  aria-label={t('search.clear')}
                  edge="end"
                  onClick={() => {
                    update('');
                    inputRef.current?.focus();
                  }}
                >
                  <CloseIcon />
                </IconButton>
              </InputAdornment>
            )
          }
          sx={{ bgcolor: 'background.paper', borderRadius: 6, '& input::-webkit-search-cancel-button': { display: 'none' } }}
        />
      </Box>
      <Box aria-live="polite">
        {term.length >= SEARCH_MIN_LENGTH ? (
          <EmptyState icon={<SearchOffIcon />} title={t('search.noResultsTitle')} description={t('search.noResultsBody', { term })} />
        ) : (
          <EmptyState icon={<TravelExploreIcon />} title={t('search.introTitle')} description={t('search.introBody')} />
        )}
      </Box>
    </Box>
  );
}
