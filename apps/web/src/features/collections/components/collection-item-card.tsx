import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, IconButton, ListItemText, Menu, MenuItem, Paper, Stack } from '@mui/material';
import { useState, type DragEvent, type KeyboardEvent, type Ref } from 'react';
import { appEvents } from '../../../lib/app-events';
import { useTranslation } from '../../../lib/i18n';
import type { CollectionItem } from '../api/collection-keys';
import { ArticleSummary } from './article-summary';
import { ItemNote } from './item-note';

export type TransferMode = 'move' | 'copy';

interface CollectionItemCardProps {
  item: CollectionItem;
  collectionId: string;
  index: number;
  count: number;
  handleRef: Ref<HTMLButtonElement>;
  hintId: string;
  /** Where a dragged item would land: a line above (`before`) or below (`after`) this card. */
  dropMark: 'before' | 'after' | null;
  dragging: boolean;
  onMove: (toIndex: number) => void;
  onTransfer: (mode: TransferMode) => void;
  onSaveNote: (note: string | null) => Promise<unknown>;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

/**
 * One item of a collection I own: its article, my note, and the ways to reorder it (drag the handle,
 * or focus it and press the arrow keys), move or copy it elsewhere, or remove it. Removing goes out
 * on the app's event bus (`collection:item-remove`): the list that shows the item owns the request.
 */
export function CollectionItemCard(props: CollectionItemCardProps) {
  const { item, collectionId, index, count, handleRef, hintId, dropMark, dragging, onMove, onTransfer } = props;
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const title = item.article.title;

  const choose = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const targets: Record<string, number> = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: count - 1 };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    if (target >= 0 && target < count && target !== index) onMove(target);
  };

  return (
    <Box
      component="li"
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      sx={{
        position: 'relative',
        '&::before, &::after': {
          content: '""',
          position: 'absolute',
          left: 0,
          right: 0,
          height: 3,
          borderRadius: 2,
          bgcolor: 'primary.main',
        },
        '&::before': { top: -8, display: dropMark === 'before' ? 'block' : 'none' },
        '&::after': { bottom: -8, display: dropMark === 'after' ? 'block' : 'none' },
      }}
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, opacity: dragging ? 0.5 : 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <IconButton
          ref={handleRef}
          draggable
          onDragStart={props.onDragStart}
          onDragEnd={props.onDragEnd}
          onKeyDown={onHandleKey}
          aria-label={t('collections.item.reorder', { title })}
          aria-describedby={hintId}
          sx={{ cursor: 'grab', mt: -0.5, ml: -0.5 }}
        >
          <DragIndicatorIcon />
        </IconButton>
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <ArticleSummary article={item.article} />
          <ItemNote note={item.note} title={title} onSave={props.onSaveNote} />
        </Stack>
        <IconButton
          aria-label={t('collections.item.actions', { title })}
          aria-haspopup="menu"
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          sx={{ mt: -0.5, mr: -0.5 }}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          <MenuItem disabled={index === 0} onClick={choose(() => onMove(index - 1))}>
            <ListItemText>{t('collections.item.moveUp')}</ListItemText>
          </MenuItem>
          <MenuItem disabled={index === count - 1} onClick={choose(() => onMove(index + 1))}>
            <ListItemText>{t('collections.item.moveDown')}</ListItemText>
          </MenuItem>
          <MenuItem onClick={choose(() => onTransfer('move'))}>
            <ListItemText>{t('collections.item.moveTo')}</ListItemText>
          </MenuItem>
          <MenuItem onClick={choose(() => onTransfer('copy'))}>
            <ListItemText>{t('collections.item.copyTo')}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={choose(() => appEvents.emit('collection:item-remove', { collectionId, itemId: item.id }))}
            sx={{ color: 'error.main' }}
          >
            <ListItemText>{t('collections.item.remove')}</ListItemText>
          </MenuItem>
        </Menu>
      </Paper>
    </Box>
  );
}
