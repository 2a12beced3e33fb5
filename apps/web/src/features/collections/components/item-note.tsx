import EditNoteIcon from '@mui/icons-material/EditNote';
import { Box, Button, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

// The editor (a multi-line text field) loads when a person starts editing: no page needs it to paint.
const loadEditor = () => import('./item-note-editor');
const ItemNoteEditor = lazy(loadEditor);

interface ItemNoteProps {
  note: string | null;
  title: string;
  /** Absent on a read-only view (a shared collection). */
  onSave?: (note: string | null) => Promise<unknown>;
}

/** A person's note on an item: shown as written, edited in place. */
export function ItemNote({ note, title, onSave }: ItemNoteProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  if (editing && onSave) {
    return (
      <Suspense fallback={null}>
        <ItemNoteEditor note={note} title={title} onSave={onSave} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }

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
          onClick={() => setEditing(true)}
          // Start fetching the editor when the pointer or focus arrives, so it opens at once.
          onPointerEnter={() => void loadEditor()}
          onFocus={() => void loadEditor()}
          aria-label={`${note ? t('collections.note.edit') : t('collections.note.add')}: ${title}`}
        >
          {note ? t('collections.note.edit') : t('collections.note.add')}
        </Button>
      )}
    </Box>
  );
}
