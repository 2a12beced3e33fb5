import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

export interface ItemActions {
  onEdit?: () => void;
  onDelete?: () => void;
  onReport?: () => void;
}

interface ItemMenuListProps extends ItemActions {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The opened "⋮" menu (comment-menu.tsx): its own chunk, loaded on first open. */
export default function ItemMenuList({ anchor, onClose, onEdit, onDelete, onReport }: ItemMenuListProps) {
  const { t } = useTranslation();
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {onEdit && (
        <MenuItem onClick={choose(onEdit)}>
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('discussions.edit')}</ListItemText>
        </MenuItem>
      )}
      {onDelete && (
        <MenuItem onClick={choose(onDelete)}>
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('actions.delete')}</ListItemText>
        </MenuItem>
      )}
      {onReport && (
        <MenuItem onClick={choose(onReport)}>
          <ListItemIcon>
            <FlagOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('discussions.report')}</ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
}
