import DownloadIcon from '@mui/icons-material/Download';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { ExportFormat } from '../api/collection-keys';
import { useExportCollection } from '../api/export-collection';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'ris', label: 'RIS' },
  { format: 'bibtex', label: 'BibTeX' },
];

/** Download the collection as CSV (spreadsheets), RIS (Zotero, EndNote, Mendeley) or BibTeX (LaTeX). */
export function ExportMenu({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = useExportCollection(collectionId);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        loading={download.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('collections.show.export')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label }) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              download.mutate(format);
            }}
          >
            <ListItemText>{t('collections.show.exportAs', { format: label })}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
