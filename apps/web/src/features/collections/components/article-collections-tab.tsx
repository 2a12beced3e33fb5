import BookmarksIcon from '@mui/icons-material/Bookmarks';
import CheckIcon from '@mui/icons-material/Check';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { Box, Button, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { COLLECTION_ITEM_LIMIT } from '../limits';
import { CollectionsLocked, useCanKeepCollections } from './read-access';
import { useAddToCollection } from './use-add-to-collection';
import { useSaveTargets } from './use-save-targets';

function SaveTargets({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const { targets, draft, isPending, hasMore, loadMore, loadingMore } = useSaveTargets();
  const { save, pendingTarget } = useAddToCollection('article_drawer');
  // Known from the draft's items; for the others, what was saved here while the drawer was open.
  const [savedTo, setSavedTo] = useState<Set<string>>(() => new Set());
  const inDraft = draft?.items.some((item) => item.article.id === articleId) ?? false;

  if (isPending) return <DelayedSpinner label={t('collections.add.loading')} />;
  return (
    <>
      <List disablePadding>
        {targets.map((target) => {
          const saved = savedTo.has(target.id) || (target.isDraft && inDraft);
          return (
            <ListItem
              key={target.id}
              divider
              secondaryAction={
                saved ? (
                  <Typography variant="body2" color="success.main" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                    <CheckIcon fontSize="small" aria-hidden />
                    {target.isDraft && inDraft ? t('collections.tab.inDraft') : t('collections.tab.saved')}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    loading={pendingTarget === target.id}
                    disabled={pendingTarget !== undefined}
                    aria-label={`${t('collections.tab.save')}: ${target.name}`}
                    onClick={() => save(target, articleId, () => setSavedTo((current) => new Set(current).add(target.id)))}
                  >
                    {t('collections.tab.save')}
                  </Button>
                )
              }
              sx={{ pr: 14 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{target.isDraft ? <BookmarksIcon /> : <CollectionsBookmarkIcon />}</ListItemIcon>
              <ListItemText
                primary={target.name}
                secondary={t('collections.add.countOf', { count: target.itemsCount, limit: COLLECTION_ITEM_LIMIT })}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
      {hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button onClick={loadMore} loading={loadingMore}>
            {t('collections.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}

/** The drawer's collections tab (t=collections): save the article to the draft or any collection. */
export default function ArticleCollectionsTab({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const allowed = useCanKeepCollections();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('collections.tab.title')}
      </Typography>
      {allowed ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('collections.tab.body')}
          </Typography>
          <SaveTargets articleId={articleId} />
          <Link component={RouterLink} to={paths.Collections()} variant="body2">
            {t('collections.tab.manage')}
          </Link>
        </>
      ) : (
        <CollectionsLocked titleComponent="h3" autoOpen={false} />
      )}
    </Box>
  );
}
