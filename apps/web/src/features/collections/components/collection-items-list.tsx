import { Box, Stack, Typography } from '@mui/material';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useAppEvent } from '../../../lib/app-events';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { CollectionDetail, CollectionItem } from '../api/collection-keys';
import { useRemoveCollectionItem } from '../api/remove-collection-item';
import { useUpdateCollectionItem } from '../api/update-collection-item';
import { CollectionItemCard, type TransferMode } from './collection-item-card';
import { TransferDialog } from './transfer-dialog';

/** Where a drop lands: before the card under the pointer when over its upper half, else after it. */
function dropSlot(event: DragEvent<HTMLElement>, index: number): number {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY < box.top + box.height / 2 ? index : index + 1;
}

/**
 * The items of a collection I own, in order, editable: reorder by drag or by keyboard (each move is
 * shown at once, announced, and sent), notes, move or copy elsewhere, remove (from the event bus).
 */
export function CollectionItemsList({ collection, viewKey }: { collection: CollectionDetail; viewKey: QueryKey }) {
  const { t } = useTranslation();
  const hintId = useId();
  const update = useUpdateCollectionItem(collection.id, viewKey);
  const remove = useRemoveCollectionItem(collection.id, viewKey);
  const [dragged, setDragged] = useState<string | null>(null);
  const [slot, setSlot] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [transfer, setTransfer] = useState<{ item: CollectionItem; mode: TransferMode } | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const items = collection.items;

  // A keyboard move re-renders the list in its new order: the handle the person was using keeps the focus.
  useEffect(() => {
    if (!refocus.current) return;
    handles.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [items]);

  const move = (item: CollectionItem, toIndex: number, fromKeyboard = false) => {
    const target = Math.max(0, Math.min(toIndex, items.length - 1));
    if (target === items.findIndex((entry) => entry.id === item.id)) return;
    if (fromKeyboard) refocus.current = item.id;
    setAnnouncement(t('collections.item.moved', { title: item.article.title, position: target + 1, count: items.length }));
    update.mutate({ itemId: item.id, changes: { position: target } });
  };

  useAppEvent('collection:item-remove', ({ collectionId, itemId }) => {
    if (collectionId !== collection.id) return;
    const item = items.find((entry) => entry.id === itemId);
    if (!item) return;
    remove.mutate(itemId, {
      onSuccess: () => showNotice({ severity: 'success', message: t('collections.item.removed', { title: item.article.title }) }),
    });
  });

  const endDrag = () => {
    setDragged(null);
    setSlot(null);
  };

  const drop = (at: number) => {
    const item = items.find((entry) => entry.id === dragged);
    const from = items.findIndex((entry) => entry.id === dragged);
    if (item) move(item, at > from ? at - 1 : at);
    endDrag();
  };

  return (
    <>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {t('collections.item.reorderHint')}
      </Typography>
      <Stack
        component="ol"
        aria-label={t('collections.show.itemsLabel', { name: collection.name })}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {items.map((item, index) => (
          <CollectionItemCard
            key={item.id}
            item={item}
            collectionId={collection.id}
            index={index}
            count={items.length}
            hintId={hintId}
            handleRef={(element) => {
              if (element) handles.current.set(item.id, element);
              else handles.current.delete(item.id);
            }}
            dragging={dragged === item.id}
            dropMark={dragged && slot === index ? 'before' : dragged && slot === index + 1 && index === items.length - 1 ? 'after' : null}
            onMove={(toIndex) => move(item, toIndex, true)}
            onTransfer={(mode) => setTransfer({ item, mode })}
            onSaveNote={(note) =>
              update.mutateAsync(
                { itemId: item.id, changes: { note } },
                { onSuccess: () => showNotice({ severity: 'success', message: t('collections.note.saved') }) },
              )
            }
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', item.article.title);
              const card = event.currentTarget.closest('li');
              if (card) event.dataTransfer.setDragImage(card, 24, 24);
              setDragged(item.id);
            }}
            onDragOver={(event) => {
              if (!dragged) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              const next = dropSlot(event, index);
              if (next !== slot) setSlot(next);
            }}
            onDrop={(event) => {
              if (!dragged) return;
              event.preventDefault();
              drop(dropSlot(event, index));
            }}
            onDragEnd={endDrag}
          />
        ))}
      </Stack>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {transfer && (
        <TransferDialog
          open
          mode={transfer.mode}
          item={transfer.item}
          fromId={collection.id}
          viewKey={viewKey}
          onClose={() => setTransfer(null)}
        />
      )}
    </>
  );
}
