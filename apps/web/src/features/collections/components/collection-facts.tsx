import LinkIcon from '@mui/icons-material/Link';
import { Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { formatRelative } from '../../../components/relative-time';
import type { Collection } from '../api/collection-keys';

// Apart from the collection card, whose menu a shared collection's page has no use for before paint.
/** "12 articles · Changed 3 hours ago", and whether it is shared. */
export function CollectionFacts({ collection }: { collection: Pick<Collection, 'itemsCount' | 'updatedAt' | 'shareHash'> }) {
  const { t, i18n } = useTranslation();
  const changed = new Date(collection.updatedAt);
  const exact = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(changed);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      <span>{t('collections.articles', { count: collection.itemsCount })}</span>
      <span aria-hidden>·</span>
      <time dateTime={changed.toISOString()} title={exact}>
        {t('collections.changed', { when: formatRelative(changed, i18n.language) })}
      </time>
      {collection.shareHash && (
        <>
          <span aria-hidden>·</span>
          <LinkIcon aria-hidden sx={{ fontSize: 16 }} />
          <span>{t('collections.shared')}</span>
        </>
      )}
    </Typography>
  );
}
