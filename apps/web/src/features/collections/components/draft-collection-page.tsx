import BookmarksIcon from '@mui/icons-material/Bookmarks';
import SearchIcon from '@mui/icons-material/Search';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { HOME_PATH, paths } from '../../../lib/paths';
import { collectionKeys, type CollectionDetail } from '../api/collection-keys';
import { draftCollectionQueryOptions, useDraftCollection } from '../api/get-draft-collection';
import { useUpdateCollection } from '../api/update-collection';
import { COLLECTION_ITEM_LIMIT } from '../limits';
import { CollectionFieldsForm } from './collection-form-dialog';
import { CollectionHeader } from './collection-header';
import { CollectionItemsSection } from './collection-items-section';
import { canKeepCollections, CollectionsLocked, useCanKeepCollections } from './read-access';
import { LoadFailed } from '../../../components/load-failed';
import { withFirstViewData } from '../../../lib/first-view-data';

/** The draft's items, and the form that saves them as a named collection (a fresh draft starts on next demand). */
function DraftView({ draft }: { draft: CollectionDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const save = useUpdateCollection();

  if (draft.items.length === 0)
    return (
      <>
        <Typography variant="h1">{t('collections.draft.title')}</Typography>
        <EmptyState
          icon={<BookmarksIcon />}
          title={t('collections.draft.emptyTitle')}
          description={t('collections.draft.emptyBody', { limit: COLLECTION_ITEM_LIMIT })}
          action={
            <Button component={RouterLink} to={HOME_PATH} variant="contained" startIcon={<SearchIcon />}>
              {t('collections.show.searchArticles')}
            </Button>
          }
        />
      </>
    );

  return (
    <>
      <CollectionHeader collection={{ ...draft, description: t('collections.draft.lead') }} title={t('collections.draft.title')} />
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, borderColor: 'primary.light', borderWidth: 2 }}>
        <Typography id={headingId} component="h2" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          {t('collections.draft.saveTitle')}
        </Typography>
        <CollectionFieldsForm
          submitLabel={t('collections.draft.save')}
          onSubmit={async (fields) => {
            const saved = await save.mutateAsync({ id: draft.id, changes: { ...fields, isDraft: false } });
            showNotice({ severity: 'success', message: t('collections.draft.saved', { name: saved.name }) });
            void navigate(paths.CollectionsShow(saved.id), { replace: true });
          }}
        />
      </Paper>
      <CollectionItemsSection collection={draft} viewKey={collectionKeys.draft()} />
    </>
  );
}

function DraftLoader() {
  const { t } = useTranslation();
  const draft = useDraftCollection();
  if (draft.isPending) return <DelayedSpinner label={t('loading')} />;
  if (draft.isError) return <LoadFailed message={t('collections.show.loadFailed')} onRetry={() => void draft.refetch()} />;
  return <DraftView draft={draft.data} />;
}

/** /collections/draft: where saved articles land before they become a collection. */
function DraftCollectionPage() {
  const allowed = useCanKeepCollections();
  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto' }}>
      <BackButton fallback={paths.Collections()} />
      {allowed ? <DraftLoader /> : <CollectionsLocked titleComponent="h1" />}
    </Stack>
  );
}

/** The draft with its items, for a person who may keep collections (the others see the plans). */
export default withFirstViewData(DraftCollectionPage, async ({ queryClient }) => {
  if (canKeepCollections(queryClient)) await queryClient.prefetchQuery(draftCollectionQueryOptions());
});
