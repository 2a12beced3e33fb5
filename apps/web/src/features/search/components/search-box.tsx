import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, OutlinedInput, Typography } from '@mui/material';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '../../../config';
import { useTranslation } from '../../../lib/i18n';
import { lazyWithMessages } from './lazy-with-messages';

const SearchSuggestions = lazyWithMessages(() => import('./search-suggestions'));

interface SearchBoxProps {
  /** The term in the URL. */
  term: string;
  /** Writes the term to the URL; `replace` for in-between steps of one typing burst. */
  onTermChange: (term: string, options: { replace: boolean }) => void;
  /** Suggestions come from the article vocabulary; off while the box searches discussions. */
  suggest: boolean;
}

/**
 * The longest term the server searches (`SEARCH_QUERY_MAX` in @wink/contracts/articles, copied: that
 * module brings zod; search-box.test.tsx keeps the two equal).
 */
export const SEARCH_TERM_MAX = 2000;

/** Whether a term is over the limit: refused with a sentence naming it, typed or from a link. */
export const isTermTooLong = (term: string) => term.trim().length > SEARCH_TERM_MAX;

/** Below the minimum length a term is no search at all: the URL drops `q`. */
function committedTerm(value: string): string {
  return value.trim().length >= SEARCH_MIN_LENGTH ? value : '';
}

/**
 * The search box: the term reaches the URL 1000 ms after the last keystroke (or at once on Enter).
 * The first write of a typing burst adds a history entry and later ones replace it, so back returns
 * to the previous search rather than to every half-typed word.
 */
export function SearchBox({ term, onTermChange, suggest }: SearchBoxProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(term);
  const written = useRef(term);
  const wroteInBurst = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const tooLong = isTermTooLong(value);

  // Back/forward or a pasted link changes the URL under the box: follow it, but never undo typing.
  useEffect(() => {
    if (term !== written.current) {
      written.current = term;
      wroteInBurst.current = false;
      setValue(term);
    }
  }, [term]);

  const commit = (next: string, replace = wroteInBurst.current) => {
    const nextTerm = committedTerm(next);
    if (nextTerm === written.current) return;
    written.current = nextTerm;
    wroteInBurst.current = true;
    onTermChange(nextTerm, { replace });
  };

  // A term over the limit is refused where it is: the box takes the focus and says the limit.
  useEffect(() => {
    if (tooLong) inputRef.current?.focus();
  }, [tooLong]);

  useEffect(() => {
    if (isTermTooLong(value) || committedTerm(value) === written.current) return;
    const timer = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `commit` reads refs only; re-arming on each keystroke is the debounce.
  }, [value]);

  const endBurst = () => {
    wroteInBurst.current = false;
  };

  const typing = committedTerm(value) !== written.current;

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (isTermTooLong(value)) {
          inputRef.current?.focus();
          return;
        }
        commit(value, false);
        endBurst();
      }}
    >
      <OutlinedInput
        fullWidth
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={endBurst}
        placeholder={t('search.placeholder')}
        inputRef={inputRef}
        error={tooLong}
        inputProps={{
          'aria-label': t('search.label'),
          enterKeyHint: 'search',
          'aria-invalid': tooLong || undefined,
          'aria-describedby': tooLong ? errorId : undefined,
        }}
        startAdornment={
          // A plain box rather than InputAdornment: the same look for ~1 KB less on the first-render path.
          <Box component="span" aria-hidden sx={{ display: 'flex', mr: 1, color: 'action.active' }}>
            <SearchIcon />
          </Box>
        }
        endAdornment={
          value && (
            <IconButton
              aria-label={t('search.clear')}
              edge="end"
              onClick={() => {
                setValue('');
                commit('', false);
                endBurst();
                inputRef.current?.focus();
              }}
            >
              <CloseIcon />
            </IconButton>
          )
        }
        sx={{ bgcolor: 'background.paper', borderRadius: 6, '& input::-webkit-search-cancel-button': { display: 'none' } }}
      />
      {/* Always in the page, so a screen reader announces the sentence when it appears. */}
      <Box aria-live="polite">
        {tooLong && (
          <Typography id={errorId} variant="body2" color="error" sx={{ mt: 0.75, mx: 2 }} data-testid="search-too-long">
            {t('search.tooLong', { max: SEARCH_TERM_MAX, count: value.trim().length })}
          </Typography>
        )}
      </Box>
      {suggest && typing && !tooLong && value.trim().length >= 2 && (
        <Suspense fallback={null}>
          <SearchSuggestions
            text={value.trim()}
            onPick={(text) => {
              setValue(text);
              commit(text, false);
              endBurst();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
