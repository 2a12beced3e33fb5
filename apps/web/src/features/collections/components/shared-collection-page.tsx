import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import LoginIcon from '@mui/icons-material/Login';
import { Alert, Avatar, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useAuthStatus } from '../../../lib/auth-status';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { usePermissionGate } from '../../subscriptions';
import type { SharedCollection } from '../api/collection-keys';
import { sharedCollectionQueryOptions, useSharedCollection } from '../api/get-shared-collection';
import { useSaveSharedCollection } from '../api/save-shared-collection';
import { ArticleSummary } from './article-summary';
import { CollectionFacts } from './collection-facts';
import { ItemNote } from './item-note';
import { LoadFailed } from '../../../components/load-failed';
import { withFirstViewData } from '../../../lib/first-view-data';

/** Save a copy for a signed-in person: one without the read ability gets the plans instead (docs/rules.md). */
function SaveCopyButton({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = usePermissionGate();
  const save = useSaveSharedCollection();
  return (
    <Button
      variant="contained"
      startIcon={<LibraryAddIcon />}
      loading={save.isPending}
      onClick={() =>
        gate('read', () =>
          save.mutate(hash, {
            onSuccess: (copy) => {
              track('collection_saved', { items: copy.itemsCount });
              showNotice({ severity: 'success', message: t('collections.sharedPage.saved') });
              void navigate(paths.CollectionsShow(copy.id));
            },
          }),
        )
      }
    >
      {t('collections.sharedPage.save')}
    </Button>
  );
}

/** A guest signs in first and comes back here; the user is only asked for when someone is signed in. */
function SaveCopy({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useAuthStatus() === 'signed-in';
  const { data: user } = useUser({ enabled: signedIn, meta: { silent: true } });
  if (signedIn && user) return <SaveCopyButton hash={hash} />;
  const back = `${location.pathname}${location.search}`;
  return (
    <Button
      component={RouterLink}
      to={`${paths.SignIn()}?redirect=${encodeURIComponent(back)}`}
      variant="contained"
      startIcon={<LoginIcon />}
    >
      {t('collections.sharedPage.signInToSave')}
    </Button>
  );
}

function SharedView({ shared, hash }: { shared: SharedCollection; hash: string }) {
  const { t } = useTranslation();
  const ownerName = shared.owner.displayName || shared.owner.name;
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {shared.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Avatar sx={{ width: 28, height: 28, fontSize: '0.9rem', bgcolor: shared.owner.avatarColor }} aria-hidden>
            {ownerName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="body2">{t('collections.sharedPage.by', { name: ownerName })}</Typography>
        </Stack>
        {shared.description && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{shared.description}</Typography>
        )}
        <Box sx={{ mt: 0.75 }}>
          <CollectionFacts collection={{ ...shared, shareHash: null }} />
        </Box>
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {t('collections.sharedPage.readOnly')} {t('collections.sharedPage.saveHint')}
        </Typography>
        <SaveCopy hash={hash} />
      </Paper>
      {shared.items.length === 0 ? (
        <Alert severity="info">{t('collections.sharedPage.emptyBody')}</Alert>
      ) : (
        <Stack
          component="ol"
          aria-label={t('collections.show.itemsLabel', { name: shared.name })}
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {shared.items.map((item) => (
            <Paper component="li" key={item.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
              <ArticleSummary article={item.article} headingLevel="h2" />
              <ItemNote note={item.note} title={item.article.title} />
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /shared/{hash}: a collection opened from its link, read-only, guests included; a reader saves a copy. */
function SharedCollectionPage() {
  const { t } = useTranslation();
  const { collectionHash = '' } = useParams();
  const shared = useSharedCollection(collectionHash);
  const opened = useRef<string | null>(null);
  const signedIn = useAuthStatus() === 'signed-in';

  // Once per link and visit, not on every refetch.
  useEffect(() => {
    if (!shared.data || opened.current === collectionHash) return;
    opened.current = collectionHash;
    track('shared_collection_opened', { items: shared.data.itemsCount, signed_in: signedIn });
  }, [shared.data, collectionHash, signedIn]);

  let content;
  if (shared.isPending) content = <DelayedSpinner label={t('loading')} />;
  else if (shared.isError && shared.error instanceof ApiError && shared.error.status === 404)
    content = (
      <EmptyState
        titleComponent="h1"
        icon={<LinkOffIcon />}
        title={t('collections.sharedPage.unavailableTitle')}
        description={t('collections.sharedPage.unavailableBody')}
      />
    );
  else if (shared.isError) content = <LoadFailed message={t('collections.show.loadFailed')} onRetry={() => void shared.refetch()} />;
  else content = <SharedView shared={shared.data} hash={collectionHash} />;

  return <Box sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>{content}</Box>;
}

/** The shared collection, for a guest and a signed-in reader alike (the frame around it is the layout's). */
export default withFirstViewData(SharedCollectionPage, ({ params, queryClient }) =>
  queryClient.prefetchQuery(sharedCollectionQueryOptions(params.collectionHash ?? '')),
);
