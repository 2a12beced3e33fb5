import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SectionCard } from './section-card';

export function DeleteAccountSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SectionCard tone="danger" title={t('accountPage.delete.title')} lead={t('accountPage.delete.lead')}>
      <Box>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('accountPage.delete.open')}
        </Button>
      </Box>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </SectionCard>
  );
}
