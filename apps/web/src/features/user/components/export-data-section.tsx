import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { useExportData } from '../api/export-data';
import { SectionCard } from './section-card';

export function ExportDataSection() {
  const { t } = useTranslation();
  const exportData = useExportData();
  return (
    <SectionCard title={t('accountPage.export.title')} lead={t('accountPage.export.lead')}>
      <Box>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={exportData.isPending}
          loadingPosition="start"
          onClick={() => exportData.mutate()}
        >
          {exportData.isPending ? t('accountPage.export.downloading') : t('accountPage.export.download')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ '&:empty': { display: 'none' } }}>
        {exportData.isSuccess ? t('accountPage.export.done') : ''}
      </Typography>
    </SectionCard>
  );
}
