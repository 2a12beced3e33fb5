import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import type { Profile } from '../api/get-profile';
import { useToggleBlock } from '../api/toggle-block';

/** The profile's "more" menu: block or unblock, each after a dialog that says what it means. */
export function ProfileBlockMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const menuId = useId();
  const titleId = useId();
  const bodyId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const toggle = useToggleBlock();
  const name = profile.displayName;
  const block = !profile.blocked;

  const confirm = () =>
    toggle.mutate(
      { sid: profile.sid, block },
      {
        onSuccess: () =>
          showNotice({ severity: 'success', message: block ? t('profile.blocked', { name }) : t('profile.unblocked', { name }) }),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <>
      <IconButton
        aria-label={t('profile.more', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          {block ? t('profile.block') : t('profile.unblock')}
        </MenuItem>
      </Menu>
      <Dialog
        open={confirming}
        onClose={toggle.isPending ? undefined : () => setConfirming(false)}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <DialogTitle id={titleId}>{block ? t('profile.blockTitle', { name }) : t('profile.unblockTitle', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId}>{block ? t('profile.blockBody') : t('profile.unblockBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus disabled={toggle.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={confirm} color={block ? 'error' : 'primary'} variant="contained" loading={toggle.isPending}>
            {block ? t('profile.blockConfirm') : t('profile.unblockConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
