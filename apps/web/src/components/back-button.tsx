import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, IconButton } from '@mui/material';
import { useTranslation } from '../lib/i18n';
import { useBackNavigation } from '../lib/use-back-navigation';

interface BackButtonProps {
  /** Where to go when this page was opened directly and there is nothing to go back to. */
  fallback: string;
  /** Visible text; "Back" when omitted. */
  label?: string;
  /** Only the arrow (the label stays for screen readers). */
  iconOnly?: boolean;
}

/** Goes back within the app, or to `fallback` when there is no earlier page. */
export function BackButton({ fallback, label, iconOnly = false }: BackButtonProps) {
  const { t } = useTranslation();
  const goBack = useBackNavigation(fallback);
  const text = label ?? t('nav.back');
  if (iconOnly) {
    return (
      <IconButton aria-label={text} onClick={goBack} edge="start">
        <ArrowBackIcon />
      </IconButton>
    );
  }
  return (
    // flex-start: in a column Stack a button would otherwise stretch and centre its label.
    <Button startIcon={<ArrowBackIcon />} onClick={goBack} sx={{ ml: -1, alignSelf: 'flex-start' }}>
      {text}
    </Button>
  );
}
