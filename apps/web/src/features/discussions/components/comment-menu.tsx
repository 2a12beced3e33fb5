import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface ItemMenuProps {
  /** The button's accessible name, e.g. "More actions for the comment by ada". */
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
  onReport?: () => void;
}

/** The "⋮" menu of a discussion or comment: edit and delete for the author, report for everyone else. */
export function ItemMenu({ label, onEdit, onDelete, onReport }: ItemMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!onEdit && !onDelete && !onReport) return null;
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
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
    </>
  );
}
