import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import type { Discussion } from '../api/discussion-keys';
import { withFirstViewData } from '../../../lib/first-view-data';
import { accessRequestsQueryOptions } from '../api/get-access-requests';
import { discussionQueryOptions, useDiscussion } from '../api/get-discussion';
import { membersQueryOptions, useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { AccessBadge } from './access-badge';
import { DiscussionUnavailable } from './discussion-unavailable';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MembersInvite } from './members-invite';
import { PlanRequiredPanel, planDecisionOf } from '../../subscriptions';
import { MembersList } from './members-list';
import { MembersRequests } from './members-requests';
import { LoadFailed } from '../../../components/load-failed';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/** /discussions/{id}/members: who is in a discussion; the owner invites, removes and answers requests here. */
function MembersPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const discussion = useDiscussion(id);

  if (discussion.isPending) return <DelayedSpinner />;
  if (discussion.isError) {
    const planDecision = planDecisionOf(discussion.error);
    if (planDecision) return <PlanRequiredPanel ability={planDecision.ability} titleComponent="h1" />;
    if (statusOf(discussion.error) === 404) return <DiscussionUnavailable />;
    return <LoadFailed message={t('members.loadFailed')} onRetry={() => void discussion.refetch()} />;
  }
  return <MembersView discussion={discussion.data} />;
}

/**
 * Rendered on the server: the discussion, its members when its content is visible to me, and, once they
 * are there, the owner's queue of requests to join an invite-only one (what MembersView shows).
 */
export default withFirstViewData(MembersPage, async ({ params, queryClient }) => {
  const id = params.id ?? '';
  const discussion = await queryClient.fetchQuery(discussionQueryOptions(id)).catch(() => null);
  if (!discussion?.contentVisible) return;
  const members = await queryClient.fetchInfiniteQuery(membersQueryOptions(id)).catch(() => null);
  if (members && discussion.membership === 'owner' && discussion.accessType === 'invite_only') {
    await queryClient.prefetchInfiniteQuery(accessRequestsQueryOptions(id));
  }
});

function MembersView({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation();
  // A non-member of an invite-only discussion sees its title but not its people; do not even ask.
  const members = useMembers(discussion.id, { enabled: discussion.contentVisible });
  const isOwner = discussion.membership === 'owner';
  const membersOnly = !discussion.contentVisible || statusOf(members.error) === 403;

  let body;
  if (membersOnly) body = <MembersOnly discussionId={discussion.id} />;
  else if (statusOf(members.error) === 404) return <DiscussionUnavailable />;
  else if (members.isPending) body = <DelayedSpinner />;
  else if (members.isError) body = <LoadFailed message={t('members.loadFailed')} onRetry={() => void members.refetch()} />;
  else
    body = (
      <Stack spacing={4}>
        {isOwner && <MembersInvite discussionId={discussion.id} />}
        {isOwner && discussion.accessType === 'invite_only' && <MembersRequests discussionId={discussion.id} />}
        <MembersList
          discussionId={discussion.id}
          members={members.data.pages.flatMap((page) => page.data)}
          total={members.data.pages[0]?.meta.total ?? null}
          canRemove={isOwner}
          hasMore={members.hasNextPage}
          loadingMore={members.isFetchingNextPage}
          onLoadMore={() => void members.fetchNextPage()}
        />
        {discussion.membership === 'member' && <LeaveDiscussion discussionId={discussion.id} />}
      </Stack>
    );

  return (
    <>
      <BackButton fallback={paths.DiscussionsShow(discussion.id)} />
      <Box component="header" sx={{ mt: 1, mb: 3 }}>
        <Typography variant="overline" component="p" color="text.secondary">
          {t('members.title')}
        </Typography>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={paths.DiscussionsShow(discussion.id)} color="inherit" underline="hover">
            {discussion.title}
          </Link>
        </Typography>
        <Box sx={{ mt: 1 }}>
          <AccessBadge accessType={discussion.accessType} />
        </Box>
      </Box>
      {body}
    </>
  );
}

function MembersOnly({ discussionId }: { discussionId: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<LockIcon />}
      title={t('members.membersOnlyTitle')}
      description={t('members.membersOnlyBody')}
      action={
        <Button component={RouterLink} to={paths.DiscussionsShow(discussionId)} variant="outlined">
          {t('members.backToDiscussion')}
        </Button>
      }
    />
  );
}

/** A member (never the owner, who cannot leave their own discussion) takes themself out. */
function LeaveDiscussion({ discussionId }: { discussionId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useUser();
  const [open, setOpen] = useState(false);
  // Navigate as soon as the server agrees, before the refetches that follow find me no longer a member.
  const leave = useRemoveMember(discussionId, {
    onRemoved: () => {
      showNotice({ severity: 'success', message: t('members.left') });
      void navigate(paths.DiscussionsShow(discussionId));
    },
  });
  if (!me) return null;

  const confirm = () => leave.mutate(me.sid, { onSettled: () => setOpen(false) });

  return (
    <Box>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('members.leave')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('members.leaveTitle')}
        description={t('members.leaveBody')}
        confirmLabel={t('members.leave')}
        busy={leave.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
