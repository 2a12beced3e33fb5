import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { Markdown } from '../../../components/markdown';
import { ApiError } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { usePermissionGate } from '../../subscriptions/use-permission-gate';
import { useDeleteDiscussion } from '../api/delete-discussion';
import type { Discussion } from '../api/discussion-keys';
import { useDiscussion } from '../api/get-discussion';
import { useToggleDiscussionUpvote } from '../api/toggle-discussion-upvote';
import { useUpdateDiscussion } from '../api/update-discussion';
import { AccessRequestPanel } from './access-request-panel';
import { CommentsSection } from './comments-section';
import { ConfirmDialog } from './confirm-dialog';
import { DiscussionForm } from './discussion-form';
import { DiscussionHeader } from './discussion-header';
import { DiscussionSkeleton } from './discussion-skeletons';
import { DiscussionUnavailable } from './discussion-unavailable';
import { ReportDialog } from './report-dialog';

function DiscussionView({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = usePermissionGate();
  const upvote = useToggleDiscussionUpvote(discussion.id);
  const update = useUpdateDiscussion(discussion.id);
  const remove = useDeleteDiscussion(discussion.id);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);

  const deleteDiscussion = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmDelete(false);
        void navigate(paths.Discussions(), { replace: true });
      },
    });

  return (
    <Stack spacing={3}>
      <DiscussionHeader
        discussion={discussion}
        onUpvote={() => gate('write', () => upvote.mutate(!discussion.upvoted))}
        onEdit={() => gate('write', () => setEditing(true))}
        onDelete={() => setConfirmDelete(true)}
        onReport={() => setReporting(true)}
      />
      {editing ? (
        <DiscussionForm
          initial={{
            title: discussion.title,
            body: discussion.body ?? '',
            accessType: discussion.accessType,
            summary: discussion.summary ?? '',
            meshTerms: discussion.meshTerms,
          }}
          submitLabel={t('actions.save')}
          alreadyPosted
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : discussion.contentVisible ? (
        <Markdown source={discussion.body ?? ''} />
      ) : (
        <AccessRequestPanel discussion={discussion} />
      )}
      {discussion.contentVisible && <CommentsSection discussion={discussion} />}

      <ConfirmDialog
        open={confirmDelete}
        title={t('discussions.show.deleteTitle')}
        description={t('discussions.show.deleteBody')}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={deleteDiscussion}
      />
      {reporting && (
        <ReportDialog open={reporting} onClose={() => setReporting(false)} target={{ kind: 'discussion', discussionId: discussion.id }} />
      )}
    </Stack>
  );
}

/** /discussions/{id}: the discussion, or its summary for outsiders of an invite-only one, or "unavailable". */
export default function DiscussionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const discussion = useDiscussion(id);
  const viewed = useRef<string | null>(null);
  const accessType = discussion.data?.accessType;

  // Once per visit of this discussion, not on every refetch.
  useEffect(() => {
    if (!accessType || viewed.current === id) return;
    viewed.current = id;
    track('discussion_viewed', { access_type: accessType });
  }, [accessType, id]);

  if (discussion.isError && discussion.error instanceof ApiError && [403, 404].includes(discussion.error.status)) {
    return <DiscussionUnavailable />;
  }
  return (
    <Stack spacing={2}>
      <BackButton fallback={paths.Discussions()} />
      {discussion.isPending ? (
        <DiscussionSkeleton />
      ) : discussion.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void discussion.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('discussions.show.loadFailed')}
        </Alert>
      ) : (
        <DiscussionView key={discussion.data.id} discussion={discussion.data} />
      )}
    </Stack>
  );
}
