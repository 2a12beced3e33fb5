import EditNoteIcon from '@mui/icons-material/EditNote';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { COLLECTION_NOTE_MAX } from '../limits';

interface ItemNoteProps {
  note: string | null;
  title: string;
  /** Absent on a read-only view (a shared collection). */
  onSave?: (note: string | null) => Promise<unknown>;
}

/** A person's note on an item: shown as written, edited in place, checked for length before it is sent. */
export function ItemNote({ note, title, onSave }: ItemNoteProps) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(note ?? '');
  const [busy, setBusy] = useState(false);
  const tooLong = value.length > COLLECTION_NOTE_MAX;

  if (!editing) {
    return (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        {note && (
          <Box sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 1.5, py: 0.25 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('collections.note.label')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note}
            </Typography>
          </Box>
        )}
        {onSave && (
          <Button
            size="small"
            startIcon={<EditNoteIcon />}
            onClick={() => {
              setValue(note ?? '');
              setEditing(true);
            }}
            aria-label={`${note ? t('collections.note.edit') : t('collections.note.add')}: ${title}`}
          >
            {note ? t('collections.note.edit') : t('collections.note.add')}
          </Button>
        )}
      </Box>
    );
  }

  const save = async () => {
    if (tooLong || !onSave) return;
    setBusy(true);
    try {
      await onSave(value.trim() === '' ? null : value);
      setEditing(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <TextField
        id={id}
        label={t('collections.note.field', { title })}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        multiline
        minRows={3}
        maxRows={12}
        autoFocus
        error={tooLong}
        helperText={
          tooLong
            ? t('collections.note.tooLong', { max: COLLECTION_NOTE_MAX, count: value.length })
            : t('collections.note.count', { count: value.length, max: COLLECTION_NOTE_MAX })
        }
        onKeyDown={(event) => {
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => setEditing(false)} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button size="small" variant="contained" onClick={() => void save()} disabled={tooLong} loading={busy}>
          {t('actions.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
