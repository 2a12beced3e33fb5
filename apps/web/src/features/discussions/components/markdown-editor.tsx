import { Box, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Markdown } from '../../../components/markdown';
import { useTranslation } from '../../../lib/i18n';

interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  minRows?: number;
  autoFocus?: boolean;
  name?: string;
}

/** A Markdown text area with Write and Preview tabs; the preview is exactly what readers will see. */
export function MarkdownEditor({ label, value, onChange, error, maxLength, minRows = 6, autoFocus, name }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const id = useId();
  return (
    <Box>
      <Tabs value={tab} onChange={(_event, next: 'write' | 'preview') => setTab(next)} aria-label={t('markdown.modes', { label })}>
        <Tab value="write" label={t('markdown.write')} id={`${id}-write-tab`} aria-controls={`${id}-write`} />
        <Tab value="preview" label={t('markdown.preview')} id={`${id}-preview-tab`} aria-controls={`${id}-preview`} />
      </Tabs>
      <Box role="tabpanel" id={`${id}-write`} aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'} sx={{ pt: 1.5 }}>
        <TextField
          label={label}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? t('markdown.help')}
          multiline
          minRows={minRows}
          fullWidth
          autoFocus={autoFocus}
          slotProps={{ htmlInput: { maxLength } }}
        />
      </Box>
      <Box role="tabpanel" id={`${id}-preview`} aria-labelledby={`${id}-preview-tab`} hidden={tab !== 'preview'} sx={{ pt: 1.5 }}>
        {tab === 'preview' &&
          (value.trim() ? (
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 96 }}>
              <Markdown source={value} />
            </Box>
          ) : (
            <Typography color="text.secondary">{t('markdown.nothingToPreview')}</Typography>
          ))}
        {error && tab === 'preview' && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
