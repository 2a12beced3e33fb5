import { Dialog, DialogContent, DialogTitle, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { QueryKey } from '@tanstack/react-query';
import { useId } from 'react';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { useAddCollectionItem } from '../api/add-collection-item';
import type { CollectionItem } from '../api/collection-keys';
import { useCollections } from '../api/get-collections';
import { useDraftCollection } from '../api/get-draft-collection';
import { useUpdateCollectionItem } from '../api/update-collection-item';
import { COLLECTION_ITEM_LIMIT } from '../limits';
import type { TransferMode } from './collection-item-card';

interface TransferDialogProps {
  open: boolean;
  mode: TransferMode;
  item: CollectionItem;
  fromId: string;
  viewKey: QueryKey;
  onClose: () => void;
}

/** Move or copy an item to another of my collections (the draft included); a full one is not offered. */
export function TransferDialog({ open, mode, item, fromId, viewKey, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const draft = useDraftCollection();
  const collections = useCollections();
  const move = useUpdateCollectionItem(fromId, viewKey);
  const copy = useAddCollectionItem();
  const busy = move.isPending || copy.isPending;

  const named = collections.data?.pages.flatMap((page) => page.data) ?? [];
  const targets = [
    ...(draft.data ? [{ id: draft.data.id, name: t('collections.add.draft'), itemsCount: draft.data.itemsCount }] : []),
    ...named,
  ].filter((target) => target.id !== fromId);

  const choose = (target: { id: string; name: string }) => {
    const done = () => {
      showNotice({
        severity: 'success',
        message: t(mode === 'move' ? 'collections.transfer.moved' : 'collections.transfer.copied', { name: target.name }),
      });
      onClose();
    };
    if (mode === 'move') move.mutate({ itemId: item.id, changes: { collectionId: target.id } }, { onSuccess: done });
    else copy.mutate({ collectionId: target.id, articleId: item.article.id, note: item.note }, { onSuccess: done });
  };

  const loading = draft.isPending || collections.isPending;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t(mode === 'move' ? 'collections.transfer.moveTitle' : 'collections.transfer.copyTitle', { title: item.article.title })}
      </DialogTitle>
      <DialogContent sx={{ px: 1 }}>
        {loading ? (
          <DelayedSpinner label={t('collections.add.loading')} />
        ) : targets.length === 0 ? (
          <Typography sx={{ px: 2 }}>{t('collections.transfer.none')}</Typography>
        ) : (
          <List>
            {targets.map((target) => {
              const full = target.itemsCount >= COLLECTION_ITEM_LIMIT;
              return (
                <ListItemButton key={target.id} disabled={full || busy} onClick={() => choose(target)}>
                  <ListItemText
                    primary={target.name}
                    secondary={
                      full
                        ? `${t('collections.add.countOf', { count: target.itemsCount, limit: COLLECTION_ITEM_LIMIT })} · ${t('collections.transfer.full')}`
                        : t('collections.add.countOf', { count: target.itemsCount, limit: COLLECTION_ITEM_LIMIT })
                    }
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
