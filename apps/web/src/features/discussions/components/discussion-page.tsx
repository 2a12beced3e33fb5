import { Box, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { Markdown } from '../../../components/markdown';
import { CitedArticles } from './cited-articles';
import { ApiError } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { withFirstViewData } from '../../../lib/first-view-data';
import { articleQueryOptions } from '../../search';
import { usePermissionGate, planDecisionOf } from '../../subscriptions';
import { useDeleteDiscussion } from '../api/delete-discussion';
import type { DiscussionDetail } from '../api/discussion-keys';
import { commentsQueryOptions } from '../api/get-comments';
import { discussionQueryOptions, useDiscussion } from '../api/get-discussion';
import { useToggleDiscussionUpvote } from '../api/toggle-discussion-upvote';
import { useUpdateDiscussion } from '../api/update-discussion';
import { AccessRequestPanel } from './access-request-panel';
import { DiscussionHeader } from './discussion-header';
import { DiscussionSkeleton } from './discussion-skeletons';
import { DiscussionUnavailable } from './discussion-unavailable';
import { DiscussionPlanGate } from './discussion-plan-gate';
import { LoadFailed } from '../../../components/load-failed';

// What the first paint of a discussion does not show comes after it (docs/design.md, "The web app"):
// the comments with their composer once the heading and body are on screen, the rest when asked for.
const CommentsSection = lazy(() => import('./comments-section').then((m) => ({ default: m.CommentsSection })));
const DiscussionForm = lazy(() => import('./discussion-form').then((m) => ({ default: m.DiscussionForm })));
const ConfirmDialog = lazy(() => import('../../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/**
 * False for the first render, true once it has been painted; true from the start when `ready` (the
 * server rendered the part, with its data, so the first render must show it too to match).
 */
function usePainted(ready: boolean): boolean {
  const [painted, setPainted] = useState(ready);
  useEffect(() => setPainted(true), []);
  return painted;
}

function DiscussionView({ discussion }: { discussion: DiscussionDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const painted = usePainted(queryClient.getQueryData(commentsQueryOptions(discussion.id).queryKey) !== undefined);
  const gate = usePermissionGate();
  const upvote = useToggleDiscussionUpvote(discussion.id);
  const update = useUpdateDiscussion(discussion.id);
  const remove = useDeleteDiscussion(discussion.id);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);

  // The comments' data is asked for with the discussion on screen, while their code is still on its way.
  useEffect(() => {
    if (discussion.contentVisible) void queryClient.prefetchInfiniteQuery(commentsQueryOptions(discussion.id));
  }, [queryClient, discussion.id, discussion.contentVisible]);

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
        <Suspense fallback={<Box sx={{ minHeight: 320 }} />}>
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
        </Suspense>
      ) : discussion.contentVisible ? (
        <>
          <Markdown source={discussion.body ?? ''} html={discussion.bodyHtml} />
          <CitedArticles citations={discussion.citations} />
        </>
      ) : (
        <AccessRequestPanel discussion={discussion} />
      )}
      {discussion.contentVisible && painted && (
        <Suspense fallback={<Box sx={{ minHeight: 240 }} aria-busy="true" />}>
          <CommentsSection discussion={discussion} />
        </Suspense>
      )}

      <Suspense>
        {confirmDelete && (
          <ConfirmDialog
            open
            title={t('discussions.show.deleteTitle')}
            description={t('discussions.show.deleteBody')}
            confirmLabel={t('actions.delete')}
            busy={remove.isPending}
            onClose={() => setConfirmDelete(false)}
            onConfirm={deleteDiscussion}
          />
        )}
        {reporting && (
          <ReportDialog open={reporting} onClose={() => setReporting(false)} target={{ kind: 'discussion', discussionId: discussion.id }} />
        )}
      </Suspense>
    </Stack>
  );
}

/** /discussions/{id}: the discussion, or its summary for outsiders of an invite-only one, or "unavailable". */
function DiscussionPage() {
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

  // The plan decides before whether the discussion exists: say so, with the plans (never "does not exist").
  const planDecision = discussion.isError ? planDecisionOf(discussion.error) : null;
  if (planDecision) return <DiscussionPlanGate ability={planDecision.ability} />;
  if (discussion.isError && discussion.error instanceof ApiError && [403, 404].includes(discussion.error.status)) {
    return <DiscussionUnavailable />;
  }
  return (
    <Stack spacing={2}>
      <BackButton fallback={paths.Discussions()} />
      {discussion.isPending ? (
        <DiscussionSkeleton />
      ) : discussion.isError ? (
        <LoadFailed message={t('discussions.show.loadFailed')} onRetry={() => void discussion.refetch()} />
      ) : (
        <DiscussionView key={discussion.data.id} discussion={discussion.data} />
      )}
    </Stack>
  );
}

/** Rendered on the server, the discussion comes with its first comments and the article it is about. */
export default withFirstViewData(DiscussionPage, async ({ params, queryClient }) => {
  const id = params.id ?? '';
  const discussion = await queryClient.fetchQuery(discussionQueryOptions(id)).catch(() => null);
  if (!discussion) return;
  await Promise.all([
    discussion.contentVisible && queryClient.prefetchInfiniteQuery(commentsQueryOptions(id)),
    discussion.articleId && queryClient.prefetchQuery(articleQueryOptions(discussion.articleId)),
  ]);
});
