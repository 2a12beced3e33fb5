import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { ItemActions } from './item-menu-list';

// The menu (popover, focus trap, transitions) loads on first open: it is not needed to paint a discussion.
const loadMenuList = () => import('./item-menu-list');
const ItemMenuList = lazy(loadMenuList);

interface ItemMenuProps extends ItemActions {
  /** The button's accessible name, e.g. "More actions for the comment by ada". */
  label: string;
}

/** The "⋮" menu of a discussion or comment: edit and delete for the author, report for everyone else. */
export function ItemMenu({ label, ...actions }: ItemMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  if (!actions.onEdit && !actions.onDelete && !actions.onReport) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
        // Start fetching the menu's code when the pointer or focus arrives, so opening feels instant.
        onPointerEnter={() => void loadMenuList()}
        onFocus={() => void loadMenuList()}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <ItemMenuList anchor={anchor} onClose={() => setAnchor(null)} {...actions} />
        </Suspense>
      )}
    </>
  );
}
