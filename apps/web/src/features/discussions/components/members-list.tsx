import { Box, Button, Card, Chip, Link, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { UserAvatar } from '../../../components/user-avatar';
import type { Member } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { ConfirmDialog } from '../../../components/confirm-dialog';

interface MembersListProps {
  discussionId: string;
  members: Member[];
  total: number | null;
  canRemove: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The people in a discussion, owner first as the server orders them; the owner may remove anyone but themself. */
export function MembersList({ discussionId, members, total, canRemove, hasMore, loadingMore, onLoadMore }: MembersListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [pending, setPending] = useState<Member | null>(null);
  const remove = useRemoveMember(discussionId);

  const confirmRemove = () => {
    if (!pending) return;
    const name = pending.user.displayName;
    remove.mutate(pending.user.sid, {
      onSuccess: () => showNotice({ severity: 'success', message: t('members.removed', { name }) }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography id={headingId} variant="h2">
          {t('members.title')}
        </Typography>
        {total !== null && <Typography color="text.secondary">{t('members.count', { count: total })}</Typography>}
      </Stack>
      <Card>
        <List aria-labelledby={headingId}>
          {members.map((member) => (
            <ListItem
              key={member.user.sid}
              sx={canRemove && member.role !== 'owner' ? { pr: 14 } : undefined}
              secondaryAction={
                canRemove && member.role !== 'owner' ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setPending(member)}
                    aria-label={t('members.removeNamed', { name: member.user.displayName })}
                  >
                    {t('members.remove')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemAvatar>
                <UserAvatar name={member.user.displayName} color={member.user.avatarColor} aria-hidden />
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} component="span">
                    <Link
                      component={RouterLink}
                      to={paths.UserProfile(member.user.sid)}
                      underline="hover"
                      color="inherit"
                      noWrap
                      sx={{ fontWeight: 600 }}
                    >
                      {member.user.displayName}
                    </Link>
                    <Chip
                      size="small"
                      component="span"
                      label={member.role === 'owner' ? t('members.owner') : t('members.member')}
                      color={member.role === 'owner' ? 'primary' : 'default'}
                      variant={member.role === 'owner' ? 'filled' : 'outlined'}
                    />
                  </Stack>
                }
                secondary={t('members.joined', { date: member.joinedAt })}
              />
            </ListItem>
          ))}
        </List>
      </Card>
      {hasMore && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={onLoadMore} loading={loadingMore}>
            {t('members.loadMore')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('members.removeTitle', { name: pending?.user.displayName ?? '' })}
        description={t('members.removeBody')}
        confirmLabel={t('members.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
