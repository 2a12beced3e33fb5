import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { useDeleteAllConversations, useDeleteConversation } from '../api/delete-conversation';
import { useConversations } from '../api/get-conversations';

interface ConversationListProps {
  activeId: string | null;
  onOpen: (id: string) => void;
  /** The open conversation was deleted (alone or with all the others). */
  onActiveDeleted: () => void;
}

/** Past conversations, most recent first, each with its own delete; and a confirmed "delete all". */
export function ConversationList({ activeId, onOpen, onActiveDeleted }: ConversationListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const conversations = useConversations();
  const deleteOne = useDeleteConversation();
  const deleteAll = useDeleteAllConversations();
  const [confirming, setConfirming] = useState(false);
  const rows = conversations.data?.pages.flatMap((page) => page.data) ?? [];

  const remove = (id: string) =>
    deleteOne.mutate(id, {
      onSuccess: () => {
        if (id === activeId) onActiveDeleted();
        showNotice({ severity: 'success', message: t('healthbot.list.deleted') });
      },
    });
  const removeAll = () =>
    deleteAll.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        onActiveDeleted();
        showNotice({ severity: 'success', message: t('healthbot.list.allDeleted') });
      },
    });

  if (conversations.isPending) {
    return (
      <Stack spacing={1} sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }}>
        {t('healthbot.list.empty')}
      </Typography>
    );
  }
  return (
    <Box>
      <List>
        {rows.map((conversation) => (
          <ListItem
            key={conversation.id}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('healthbot.list.delete', { title: conversation.title })}
                onClick={() => remove(conversation.id)}
                disabled={deleteOne.isPending}
              >
                <DeleteOutlineIcon />
              </IconButton>
            }
          >
            <ListItemButton selected={conversation.id === activeId} onClick={() => onOpen(conversation.id)}>
              <ListItemText
                primary={conversation.title}
                secondary={t('healthbot.list.updated', { when: conversation.updatedAt })}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Stack direction="row" spacing={1} sx={{ px: 2, pb: 2, justifyContent: 'space-between' }}>
        {conversations.hasNextPage ? (
          <Button onClick={() => void conversations.fetchNextPage()} disabled={conversations.isFetchingNextPage}>
            {t('healthbot.list.loadMore')}
          </Button>
        ) : (
          <span />
        )}
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
          {t('healthbot.list.deleteAll')}
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('healthbot.list.confirmDeleteAllTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('healthbot.list.confirmDeleteAllBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={removeAll} disabled={deleteAll.isPending}>
            {t('healthbot.list.deleteAll')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
