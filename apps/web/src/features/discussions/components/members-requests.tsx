import { Box, Button, Card, List, ListItem, ListItemAvatar, ListItemText, Link, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { usePermissionGate } from '../../subscriptions';
import { UserAvatar } from '../../../components/user-avatar';
import { useDecideAccessRequest, type AccessDecision } from '../api/decide-access-request';
import { useAccessRequests, type AccessRequest } from '../api/get-access-requests';

/** Accepting is the step the queue is there for, so it leads. */
const DECISION_BUTTONS = [
  { decision: 'accept', variant: 'contained' },
  { decision: 'reject', variant: 'outlined' },
] as const satisfies readonly { decision: AccessDecision; variant: 'contained' | 'outlined' }[];

/** The owner's queue of people asking to join an invite-only discussion, oldest first, each accepted or rejected. */
export function MembersRequests({ discussionId }: { discussionId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const gate = usePermissionGate();
  const requests = useAccessRequests(discussionId);
  const decide = useDecideAccessRequest(discussionId);
  const pending = (requests.data?.pages.flatMap((page) => page.data) ?? []).filter((request) => request.status === 'pending');

  const answer = (request: AccessRequest, decision: AccessDecision) =>
    gate('write', () =>
      decide.mutate(
        { request, decision },
        {
          onSuccess: () => {
            const name = request.user.displayName;
            track(decision === 'accept' ? 'discussion_access_granted' : 'discussion_access_rejected', { discussion_id: discussionId });
            showNotice({
              severity: 'success',
              message: decision === 'accept' ? t('members.requests.accepted', { name }) : t('members.requests.rejected', { name }),
            });
          },
        },
      ),
    );
  const busy = (request: AccessRequest, decision: AccessDecision) =>
    decide.isPending && decide.variables?.request.id === request.id && decide.variables.decision === decision;

  let content;
  if (requests.isPending) content = null;
  else if (requests.isError && pending.length === 0)
    content = (
      <Typography color="error" role="alert">
        {t('members.requests.loadFailed')}
      </Typography>
    );
  else if (pending.length === 0) content = <Typography color="text.secondary">{t('members.requests.empty')}</Typography>;
  else
    content = (
      <Card>
        <List aria-labelledby={headingId}>
          {pending.map((request) => (
            <ListItem key={request.id} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemAvatar>
                <UserAvatar name={request.user.displayName} color={request.user.avatarColor} aria-hidden />
              </ListItemAvatar>
              <ListItemText
                sx={{ flex: '1 1 12rem' }}
                primary={
                  <Link
                    component={RouterLink}
                    to={paths.UserProfile(request.user.sid)}
                    underline="hover"
                    color="inherit"
                    sx={{ fontWeight: 600 }}
                  >
                    {request.user.displayName}
                  </Link>
                }
                secondary={t('members.requests.asked', { date: request.createdAt })}
              />
              <Stack direction="row" spacing={1}>
                {DECISION_BUTTONS.map(({ decision, variant }) => (
                  <Button
                    key={decision}
                    variant={variant}
                    size="small"
                    onClick={() => answer(request, decision)}
                    loading={busy(request, decision)}
                    disabled={decide.isPending}
                    aria-label={t(`members.requests.${decision}Named`, { name: request.user.displayName })}
                  >
                    {t(`members.requests.${decision}`)}
                  </Button>
                ))}
              </Stack>
            </ListItem>
          ))}
        </List>
      </Card>
    );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 0.5 }}>
        {t('members.requests.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('members.requests.lead')}
      </Typography>
      {content}
      {requests.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={() => void requests.fetchNextPage()} loading={requests.isFetchingNextPage}>
            {t('members.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
