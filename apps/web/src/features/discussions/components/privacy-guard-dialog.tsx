import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { excerptAround } from '../../../lib/personal-details/excerpt';
import { PERSONAL_DETAIL_KINDS } from '../../../lib/personal-details/find-personal-details';
import type { FieldFinding, PrivacyGuardDialogProps } from './use-privacy-guard';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** Enough to see the pattern; the rest are counted. */
const SHOWN_PER_KIND = 5;

function FindingExcerpt({ finding, kindLabel }: { finding: FieldFinding; kindLabel: string }) {
  const { t } = useTranslation();
  const { before, detail, after } = excerptAround(finding.field.text, finding.detail);
  return (
    <Box component="li" sx={{ overflowWrap: 'anywhere' }}>
      {finding.field.label && (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('privacyGuard.inField', { field: finding.field.label })}{' '}
        </Typography>
      )}
      {before}
      <Box
        component="mark"
        // A pale wash of the warning colour and an underline, with the page's own text colour on it:
        // readable in both themes, and not told by colour alone.
        sx={(theme) => {
          const warning = (theme.vars ?? theme).palette.warning.main;
          return {
            bgcolor: theme.alpha(warning, 0.16),
            color: 'text.primary',
            boxShadow: `inset 0 -2px 0 ${warning}`,
            borderRadius: 0.5,
            px: 0.25,
            fontWeight: 600,
          };
        }}
      >
        {detail}
      </Box>
      {/* Screen readers do not announce <mark>: say which words were found and what they look like. */}
      <Box component="span" sx={visuallyHidden}>
        {` (${kindLabel})`}
      </Box>
      {after}
    </Box>
  );
}

/**
 * "Post anyway?": what in the text looks personal, grouped by kind with the reason it matters, each
 * shown in its words and highlighted. Edit (the safe choice, focused) goes back to the text with the
 * first detail selected; closing the dialog (Escape, a click outside) is Edit too: nothing is posted.
 */
export function PrivacyGuardDialog({ open, audience, findings, onEdit, onPostAnyway, onExited }: PrivacyGuardDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const groups = PERSONAL_DETAIL_KINDS.map((kind) => ({ kind, findings: findings.filter(({ detail }) => detail.kind === kind) })).filter(
    (group) => group.findings.length > 0,
  );
  return (
    <Dialog
      open={open}
      onClose={onEdit}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-lead`}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={`${id}-title`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <PrivacyTipOutlinedIcon aria-hidden color="warning" />
        {t('privacyGuard.title')}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-lead`} sx={{ mb: 2 }}>
          {t(`privacyGuard.audience.${audience === 'invite_only' ? 'invite_only' : 'public'}`)} {t('privacyGuard.lead')}
        </Typography>
        <Stack spacing={2}>
          {groups.map((group) => {
            const label = t(`privacyGuard.kinds.${group.kind}.label`);
            const hidden = group.findings.length - SHOWN_PER_KIND;
            return (
              <Box key={group.kind} component="section" aria-labelledby={`${id}-${group.kind}`}>
                <Typography id={`${id}-${group.kind}`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`privacyGuard.kinds.${group.kind}.reason`)}
                </Typography>
                <Box component="ul" sx={{ mt: 0.75, mb: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
                  {group.findings.slice(0, SHOWN_PER_KIND).map((finding) => (
                    <FindingExcerpt key={`${finding.field.label}-${finding.detail.start}`} finding={finding} kindLabel={label} />
                  ))}
                  {hidden > 0 && (
                    <Typography component="li" variant="body2" color="text.secondary">
                      {t('privacyGuard.more', { count: hidden })}
                    </Typography>
                  )}
                </Box>
              </Box>
            );
          })}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('privacyGuard.onDevice')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onPostAnyway}>{t('privacyGuard.postAnyway')}</Button>
        <Button onClick={onEdit} variant="contained" autoFocus>
          {t('privacyGuard.edit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
