import { Button, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { COLLECTION_NOTE_MAX } from '../limits';

interface ItemNoteEditorProps {
  note: string | null;
  title: string;
  onSave: (note: string | null) => Promise<unknown>;
  onDone: () => void;
}

/** The note's editor, checked for length before it is sent; its own chunk, loaded when a person edits. */
export default function ItemNoteEditor({ note, title, onSave, onDone }: ItemNoteEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(note ?? '');
  const [busy, setBusy] = useState(false);
  const tooLong = value.length > COLLECTION_NOTE_MAX;

  const save = async () => {
    if (tooLong) return;
    setBusy(true);
    try {
      await onSave(value.trim() === '' ? null : value);
      onDone();
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
          if (event.key === 'Escape') onDone();
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onDone} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button size="small" variant="contained" onClick={() => void save()} disabled={tooLong} loading={busy}>
          {t('actions.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
