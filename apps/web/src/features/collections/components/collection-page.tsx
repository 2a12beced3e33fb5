import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ShareIcon from '@mui/icons-material/Share';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { collectionKeys, type CollectionDetail } from '../api/collection-keys';
import { useDeleteCollection } from '../api/delete-collection';
import { collectionQueryOptions, useCollection } from '../api/get-collection';
import { useUpdateCollection } from '../api/update-collection';
import { CollectionFormDialog } from './collection-form-dialog';
import { CollectionHeader } from './collection-header';
import { CollectionItemsSection } from './collection-items-section';
import { ExportMenu } from './export-menu';
import { canKeepCollections, CollectionsLocked, useCanKeepCollections } from './read-access';
import { ShareDialog } from './share-dialog';
import { LoadFailed } from '../../../components/load-failed';
import { withFirstViewData } from '../../../lib/first-view-data';

function CollectionView({ collection }: { collection: CollectionDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateCollection();
  const remove = useDeleteCollection();
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <CollectionHeader
        collection={collection}
        actions={
          <>
            <Button variant="contained" startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
              {t('collections.show.share')}
            </Button>
            <ExportMenu collectionId={collection.id} />
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t('collections.show.edit')}
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
              {t('actions.delete')}
            </Button>
          </>
        }
      />
      <CollectionItemsSection collection={collection} viewKey={collectionKeys.detail(collection.id)} />

      <ShareDialog open={sharing} collection={collection} onClose={() => setSharing(false)} />
      <CollectionFormDialog
        open={editing}
        title={t('collections.form.editTitle')}
        submitLabel={t('actions.save')}
        initial={{ name: collection.name, description: collection.description }}
        onClose={() => setEditing(false)}
        onSubmit={async (fields) => {
          await update.mutateAsync({ id: collection.id, changes: fields });
          setEditing(false);
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('collections.deleteTitle', { name: collection.name })}
        description={t('collections.deleteBody', { count: collection.itemsCount })}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(collection.id, {
            onSuccess: () => {
              showNotice({ severity: 'success', message: t('collections.deleted', { name: collection.name }) });
              void navigate(paths.Collections(), { replace: true });
            },
          })
        }
      />
    </>
  );
}

function CollectionLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const collection = useCollection(id);
  if (collection.isError && collection.error instanceof ApiError && [403, 404].includes(collection.error.status))
    return (
      <EmptyState
        titleComponent="h1"
        icon={<CollectionsBookmarkIcon />}
        title={t('collections.unavailableTitle')}
        description={t('collections.unavailableBody')}
        action={
          <Button component={RouterLink} to={paths.Collections()} variant="outlined">
            {t('collections.yourCollections')}
          </Button>
        }
      />
    );
  if (collection.isPending) return <DelayedSpinner label={t('loading')} />;
  if (collection.isError) return <LoadFailed message={t('collections.show.loadFailed')} onRetry={() => void collection.refetch()} />;
  return <CollectionView key={collection.data.id} collection={collection.data} />;
}

/** /collections/{id}: one of my collections, its items in order with notes; share, export, edit, delete. */
function CollectionPage() {
  const { id = '' } = useParams();
  const allowed = useCanKeepCollections();
  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto' }}>
      <BackButton fallback={paths.Collections()} />
      {allowed ? <CollectionLoader id={id} /> : <CollectionsLocked titleComponent="h1" />}
    </Stack>
  );
}

/** The collection with its items, for a person who may keep collections (the others see the plans). */
export default withFirstViewData(CollectionPage, async ({ params, queryClient }) => {
  if (canKeepCollections(queryClient)) await queryClient.prefetchQuery(collectionQueryOptions(params.id ?? ''));
});
