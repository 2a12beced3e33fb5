import { Link, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import type { SearchCorrection } from '../api/search-articles';

/**
 * A spelling correction the search applied at once, as search engines show it: "Showing results for
 * pneumonia · Search instead for pnuemonia". The second link searches the words as typed.
 */
export function SearchCorrectionLine({ correction, onSearchInstead }: { correction: SearchCorrection; onSearchInstead: () => void }) {
  const { t } = useTranslation();
  return (
    <Typography sx={{ mb: 1.5 }} data-testid="search-correction">
      {t('searchResults.correctionShowing')} <strong>{correction.searched}</strong>
      <Typography component="span" color="text.secondary" sx={{ mx: 1 }} aria-hidden>
        ·
      </Typography>
      {t('searchResults.correctionInstead')}{' '}
      <Link component="button" type="button" variant="body1" onClick={onSearchInstead} sx={{ verticalAlign: 'baseline' }}>
        {correction.typed}
      </Link>
    </Typography>
  );
}
