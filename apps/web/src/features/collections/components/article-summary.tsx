import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Chip, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { t as translate, useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { CollectionItem } from '../api/collection-keys';
import { linkDestinationName, sourceName } from '../../../components/article-source';

const AUTHORS_SHOWN = 3;

/** The article in the search drawer (sri_id, mo): where its MeSH terms and discussions are. */
export const articleInSearch = (articleId: string) => `${paths.Search()}?sri_id=${encodeURIComponent(articleId)}&mo=1`;

/** "Read at PubMed", or for a Wink Health summary "Read the original at MedlinePlus": the drawer's words. */
function readAtLabel(source: string, url: string): string {
  const name = sourceName(source);
  const destination = linkDestinationName(url, name);
  return destination === name
    ? translate('collections.item.openSource', { source: name })
    : translate('collections.item.openOriginal', { source: destination });
}

/** An item's article: its title (opens it in search), source, journal, date and first authors, and the way to the source. */
export function ArticleSummary({ article, headingLevel = 'h3' }: { article: CollectionItem['article']; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const authors =
    article.authors.length > AUTHORS_SHOWN ? `${article.authors.slice(0, AUTHORS_SHOWN).join(', ')} et al.` : article.authors.join(', ');
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={articleInSearch(article.id)} underline="hover" color="inherit">
          {article.title}
        </Link>
      </Typography>
      {authors && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {authors}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
        <Chip size="small" color="primary" variant="outlined" label={sourceName(article.source)} />
        {article.journal && (
          <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {article.journal}
          </Typography>
        )}
        {article.publishedAt && (
          <Typography variant="caption" color="text.secondary">
            {t('collections.item.published', { date: article.publishedAt })}
          </Typography>
        )}
        {article.url && (
          <Link
            href={article.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="caption"
            sx={{ display: 'inline-flex', gap: 0.25, alignItems: 'center' }}
          >
            {readAtLabel(article.source, article.url)}
            <OpenInNewIcon aria-hidden sx={{ fontSize: 14 }} />
          </Link>
        )}
      </Box>
    </Box>
  );
}
