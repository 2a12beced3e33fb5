import BookmarksIcon from '@mui/icons-material/Bookmarks';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { usePermissionGate } from '../../subscriptions';
import { COLLECTION_ITEM_LIMIT } from '../limits';
import { useCanKeepCollections } from './read-access';
import { useAddToCollection, type SaveOrigin } from './use-add-to-collection';
import { useSaveTargets } from './use-save-targets';

interface AddToCollectionMenuProps {
  articleId: string;
  anchorEl: HTMLElement | null;
  origin: SaveOrigin;
  onClose: () => void;
  /** Told where the article went once it is saved, so the button that opened the menu can say so. */
  onSaved?: (target: { id: string; name: string }) => void;
}

/**
 * "Save to": the draft or any of my collections, each with how full it is (a full one is refused
 * before asking). Loaded on the first click of a result's save button (search-result-item.tsx).
 * Without the read ability the subscription dialog opens instead (docs/rules.md).
 */
export default function AddToCollectionMenu({ articleId, anchorEl, origin, onClose, onSaved }: AddToCollectionMenuProps) {
  const { t } = useTranslation();
  const allowed = useCanKeepCollections();
  const gate = usePermissionGate();
  const open = Boolean(anchorEl);
  const { targets, isPending, hasMore, loadMore, loadingMore } = useSaveTargets({ enabled: allowed && open });
  const { save, pendingTarget } = useAddToCollection(origin);

  useEffect(() => {
    if (open && !allowed) {
      gate('read', () => {});
      onClose();
    }
  }, [open, allowed, gate, onClose]);

  return (
    <Menu
      anchorEl={anchorEl}
      open={open && allowed}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t('collections.add.menuLabel'), dense: true }, paper: { sx: { minWidth: 260, maxWidth: 360 } } }}
    >
      <ListSubheader>{t('collections.add.menuLabel')}</ListSubheader>
      {isPending && (
        <MenuItem disabled>
          <ListItemText>{t('collections.add.loading')}</ListItemText>
        </MenuItem>
      )}
      {targets.map((target) => (
        <MenuItem
          key={target.id}
          disabled={pendingTarget !== undefined}
          onClick={() =>
            save(target, articleId, () => {
              onSaved?.({ id: target.id, name: target.name });
              onClose();
            })
          }
        >
          <ListItemIcon>{target.isDraft ? <BookmarksIcon fontSize="small" /> : <CollectionsBookmarkIcon fontSize="small" />}</ListItemIcon>
          <ListItemText
            primary={target.name}
            secondary={t('collections.add.countOf', { count: target.itemsCount, limit: COLLECTION_ITEM_LIMIT })}
            slotProps={{ primary: { noWrap: true } }}
          />
        </MenuItem>
      ))}
      {hasMore && (
        <MenuItem disabled={loadingMore} onClick={loadMore}>
          <ListItemText>{t('collections.loadMore')}</ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
}
