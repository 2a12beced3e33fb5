import { Link, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

/** "Did you mean …": the corrected term, one click away (it replaces the term in the URL). */
export function DidYouMean({ suggestion, onPick }: { suggestion: string; onPick: (term: string) => void }) {
  const { t } = useTranslation();
  return (
    <Typography sx={{ mb: 1.5 }}>
      {t('searchResults.didYouMean')}{' '}
      <Link
        component="button"
        type="button"
        variant="body1"
        onClick={() => onPick(suggestion)}
        sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
      >
        {suggestion}
      </Link>
      ?
    </Typography>
  );
}
