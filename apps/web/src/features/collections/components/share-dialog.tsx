import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useRef } from 'react';
import { track } from '../../../lib/analytics';
import { appOrigin } from '../../../lib/app-origin';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import type { CollectionDetail } from '../api/collection-keys';
import { useShareCollection } from '../api/share-collection';

/** The full address of a shared collection, where people reach the app (lib/app-origin.ts). */
export const sharedUrl = (hash: string) => `${appOrigin()}${paths.SharedCollection(hash)}`;

interface ShareDialogProps {
  open: boolean;
  collection: CollectionDetail;
  onClose: () => void;
}

/** Share by link: create it, copy it, make a new one (the old stops working), or stop sharing. */
export function ShareDialog({ open, collection, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const field = useRef<HTMLInputElement>(null);
  const share = useShareCollection(collection.id);
  const hash = collection.shareHash;

  const createLink = (regenerate: boolean) =>
    share.mutate(true, {
      onSuccess: () => {
        track('collection_shared', { items: collection.itemsCount, regenerated: regenerate });
        if (regenerate) showNotice({ severity: 'success', message: t('collections.share.regenerated') });
      },
    });

  const copy = async () => {
    if (!hash) return;
    try {
      await navigator.clipboard.writeText(sharedUrl(hash));
      showNotice({ severity: 'success', message: t('collections.share.copied') });
    } catch {
      // No clipboard (permission refused, an old WebView): the link is selected for copying by hand.
      field.current?.select();
      showNotice({ severity: 'info', message: t('collections.share.copyFailed') });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('collections.share.title', { name: collection.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('collections.share.intro')}</DialogContentText>
        {hash ? (
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                inputRef={field}
                label={t('collections.share.link')}
                value={sharedUrl(hash)}
                fullWidth
                size="small"
                slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
                onFocus={(event) => event.target.select()}
              />
              <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
                {t('collections.share.copy')}
              </Button>
            </Stack>
            <DialogContentText variant="body2">{t('collections.share.regenerateHint')}</DialogContentText>
          </Stack>
        ) : (
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <DialogContentText>{t('collections.share.notShared')}</DialogContentText>
            <Button variant="contained" startIcon={<LinkIcon />} loading={share.isPending} onClick={() => createLink(false)}>
              {t('collections.share.create')}
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {hash && (
          <>
            <Button
              color="error"
              disabled={share.isPending}
              onClick={() =>
                share.mutate(false, { onSuccess: () => showNotice({ severity: 'success', message: t('collections.share.revoked') }) })
              }
            >
              {t('collections.share.revoke')}
            </Button>
            <Button disabled={share.isPending} onClick={() => createLink(true)}>
              {t('collections.share.regenerate')}
            </Button>
          </>
        )}
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
