import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { usePermissionGate } from '../../subscriptions';
import type { Discussion } from '../api/discussion-keys';
import { useRequestAccess } from '../api/request-access';

/**
 * An invite-only discussion seen from outside: the owner's public summary (the body never reaches a
 * non-member), and a way to ask the owner to join.
 * A pending request cannot be sent twice; a rejected one says so (asking again is the server's call).
 */
export function AccessRequestPanel({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation();
  const gate = usePermissionGate();
  const request = useRequestAccess(discussion.id);
  const status = discussion.accessRequest;

  const ask = () =>
    gate('write', () =>
      request.mutate(undefined, {
        onSuccess: () => track('discussion_access_request_sent', { access_type: discussion.accessType }),
      }),
    );

  return (
    <Stack spacing={2}>
      {discussion.summary && (
        <Stack spacing={0.5}>
          <Typography component="h2" variant="overline" color="text.secondary">
            {t('discussions.request.summary')}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{discussion.summary}</Typography>
        </Stack>
      )}
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LockOutlinedIcon aria-hidden color="primary" />
            <Typography component="h2" variant="h6">
              {t('discussions.request.title')}
            </Typography>
          </Stack>
          <Typography color="text.secondary">{t('discussions.request.body')}</Typography>
          {status === 'rejected' && <Alert severity="info">{t('discussions.request.rejected')}</Alert>}
          {status === 'pending' ? (
            <Button variant="outlined" disabled startIcon={<HourglassEmptyIcon />}>
              {t('discussions.request.pending')}
            </Button>
          ) : (
            status !== 'rejected' && (
              <Button variant="contained" onClick={ask} loading={request.isPending}>
                {t('discussions.request.ask')}
              </Button>
            )
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
