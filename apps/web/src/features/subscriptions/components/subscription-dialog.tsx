import CloseIcon from '@mui/icons-material/Close';
import { Alert, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../auth';
import { PlansList } from './plans-list';

export interface SubscriptionDialogProps {
  /** The permission that was missing: read offers the reader lead, write the leader lead. */
  ability: 'read' | 'write';
  /** Offer only the leader plan (the permission gate sets it for write). */
  leaderOnly?: boolean;
  onClose: () => void;
}

/**
 * The subscription dialog (docs/product.md): full width, at the top of the screen, the plans with the lead
 * text for the missing permission. Opened through lib/dialogs (`openDialog({ kind: 'subscription' })`),
 * closed with its button, Escape or a click outside.
 */
export default function SubscriptionDialog({ ability, leaderOnly = false, onClose }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: user } = useUser();
  // Why reading and writing stopped: the trial is over and no plan took its place (nothing was lost).
  const trialEnd =
    user && !user.subscription && user.trialEndsAt && Date.parse(user.trialEndsAt) <= Date.now() ? new Date(user.trialEndsAt) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      // Top position: the container aligns its paper to the start instead of the middle.
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      // Phones get the width back from the default 32 px margins.
      slotProps={{
        paper: {
          sx: {
            // Less margin above and below than beside: the plans and their last line fit a 1280x800 screen.
            mx: { xs: 1, sm: 4 },
            my: { xs: 1, sm: 2 },
            width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' },
            maxHeight: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 32px)' },
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {leaderOnly ? t('subscription.dialog.titleLeader') : t('subscription.dialog.title')}
      </DialogTitle>
      <IconButton aria-label={t('subscription.dialog.close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 0, pb: 2 }}>
        {trialEnd && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="trial-ended-note">
            {t('subscription.dialog.trialEnded', { date: trialEnd })}
          </Alert>
        )}
        <PlansList lead={ability === 'write' ? 'leader' : 'reader'} leaderOnly={leaderOnly} />
      </DialogContent>
    </Dialog>
  );
}
