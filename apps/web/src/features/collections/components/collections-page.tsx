import AddIcon from '@mui/icons-material/Add';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Collection } from '../api/collection-keys';
import { useCreateCollection } from '../api/create-collection';
import { useDeleteCollection } from '../api/delete-collection';
import { collectionsQueryOptions, useCollections } from '../api/get-collections';
import { draftCollectionQueryOptions, useDraftCollection } from '../api/get-draft-collection';
import { withFirstViewData } from '../../../lib/first-view-data';
import { useUpdateCollection } from '../api/update-collection';
import { CollectionCard } from './collection-card';
import { canKeepCollections, CollectionsLocked, useCanKeepCollections } from './read-access';
import { LoadState } from '../../../components/load-state';

// The create and rename dialog (its text fields) loads when first opened: the list paints without it.
const CollectionFormDialog = lazy(() => import('./collection-form-dialog').then((module) => ({ default: module.CollectionFormDialog })));

/** The draft, always first: where saved articles land before they become a collection. */
function DraftCard() {
  const { t } = useTranslation();
  const draft = useDraftCollection();
  return (
    <Card variant="outlined" sx={{ borderStyle: 'dashed' }}>
      <CardActionArea component={RouterLink} to={paths.CollectionsShowDraft()}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', '&:last-child': { pb: 2 } }}>
          <BookmarksIcon aria-hidden color="primary" />
          <Box sx={{ flex: 1 }}>
            <Typography component="h2" variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
              {t('collections.draftCardTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {draft.data ? t('collections.articles', { count: draft.data.itemsCount }) : t('collections.draftCardBody')}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function CollectionsIndex() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collections = useCollections();
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const remove = useDeleteCollection();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Collection | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  // Once opened, the form dialogs stay mounted so that closing them still animates.
  const [formLoaded, setFormLoaded] = useState(false);
  const list = collections.data?.pages.flatMap((page) => page.data) ?? [];

  const content = (
    <LoadState
      query={collections}
      loading={<DelayedSpinner label={t('collections.loading')} />}
      errorMessage={t('collections.loadFailed')}
      isEmpty={list.length === 0}
      empty={
        <EmptyState
          icon={<CollectionsBookmarkIcon />}
          title={t('collections.emptyTitle')}
          description={t('collections.emptyBody')}
          action={
            <Button component={RouterLink} to={paths.CollectionsShowDraft()} variant="outlined">
              {t('collections.openDraft')}
            </Button>
          }
        />
      }
    >
      <Stack component="ul" aria-label={t('collections.listLabel')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.map((collection) => (
          <CollectionCard
            key={collection.id}
            collection={collection}
            onEdit={() => {
              setFormLoaded(true);
              setEditing(collection);
            }}
            onDelete={() => setDeleting(collection)}
          />
        ))}
      </Stack>
    </LoadState>
  );

  return (
    <>
      <CollectionsHeader
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setFormLoaded(true);
              setCreating(true);
            }}
            sx={{ flexShrink: 0 }}
          >
            {t('collections.create')}
          </Button>
        }
      />
      <DraftCard />
      {content}
      {collections.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button variant="outlined" onClick={() => void collections.fetchNextPage()} loading={collections.isFetchingNextPage}>
            {t('collections.loadMore')}
          </Button>
        </Box>
      )}

      {formLoaded && (
        <Suspense fallback={null}>
          <CollectionFormDialog
            open={creating}
            title={t('collections.form.createTitle')}
            submitLabel={t('collections.form.create')}
            onClose={() => setCreating(false)}
            onSubmit={async (fields) => {
              const created = await create.mutateAsync(fields);
              setCreating(false);
              void navigate(paths.CollectionsShow(created.id));
            }}
          />
          <CollectionFormDialog
            open={editing !== null}
            title={t('collections.form.editTitle')}
            submitLabel={t('actions.save')}
            initial={editing ? { name: editing.name, description: editing.description } : undefined}
            onClose={() => setEditing(null)}
            onSubmit={async (fields) => {
              await update.mutateAsync({ id: editing!.id, changes: fields });
              setEditing(null);
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('collections.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('collections.deleteBody', { count: deleting?.itemsCount ?? 0 })}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              showNotice({ severity: 'success', message: t('collections.deleted', { name: deleting!.name }) });
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}

function CollectionsHeader({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
      <Box>
        <Typography variant="h1">{t('collections.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('collections.lead')}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}

/** /collections: the draft, then my collections with their counts and last change; create, edit, delete. */
function CollectionsPage() {
  const allowed = useCanKeepCollections();
  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto' }}>
      {allowed ? (
        <CollectionsIndex />
      ) : (
        <>
          <CollectionsHeader />
          <CollectionsLocked />
        </>
      )}
    </Stack>
  );
}

/** The draft and the first page of collections, for a person who may keep them (the others see the plans). */
export default withFirstViewData(CollectionsPage, async ({ queryClient }) => {
  if (!canKeepCollections(queryClient)) return;
  await Promise.all([
    queryClient.prefetchQuery(draftCollectionQueryOptions()),
    queryClient.prefetchInfiniteQuery(collectionsQueryOptions()),
  ]);
});
