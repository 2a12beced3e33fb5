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
  const items = [
    { action: onEdit, Icon: EditOutlinedIcon, label: t('discussions.edit') },
    { action: onDelete, Icon: DeleteOutlineIcon, label: t('actions.delete') },
    { action: onReport, Icon: FlagOutlinedIcon, label: t('discussions.report') },
  ];
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {items.map(
        ({ action, Icon, label }) =>
          action && (
            <MenuItem
              key={label}
              onClick={() => {
                onClose();
                action();
              }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          ),
      )}
    </Menu>
  );
}
