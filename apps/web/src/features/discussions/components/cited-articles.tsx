import { Alert, Box, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { articlePath, type EvidenceKind } from '@wink/contracts/article-references';
import { Link as RouterLink } from 'react-router';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import type { Comment } from '../api/discussion-keys';
import { sourceName } from '../../../components/article-source';

export type CitedArticle = Comment['citations'][number];

/** How much a kind of evidence weighs, told by colour as well as by its words. */
const EVIDENCE_COLOR: Record<EvidenceKind, 'success' | 'primary' | 'info' | 'secondary' | 'default' | 'warning'> = {
  systematic_review: 'success',
  guideline: 'primary',
  review: 'info',
  patient_handout: 'secondary',
  single_study: 'default',
  opinion: 'warning',
};

/** Where the article comes from: the source, and for a paper its journal and year. */
function SourceLine({ article }: { article: CitedArticle }) {
  const parts = [sourceName(article.source), article.journal, article.publishedAt?.slice(0, 4)].filter(Boolean);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {parts.join(' · ')}
    </Typography>
  );
}

/**
 * The corpus articles a comment or a discussion cites, each a card: its title (opening it in the
 * search page's drawer), where it comes from, and what kind of evidence it is as a badge; a paper PubMed
 * marks retracted says so under it, since its findings no longer stand. A text citing nothing shows
 * nothing: no badge is a judgement.
 */
export function CitedArticles({ citations }: { citations: CitedArticle[] }) {
  const { t } = useTranslation();
  if (!citations.length) return null;
  return (
    <Box
      component="ul"
      aria-label={t('citations.label', { count: citations.length })}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}
    >
      {citations.map((article) => (
        <li key={article.id}>
          <Card variant="outlined">
            <CardContent sx={{ py: 1.25, px: 1.5, '&:last-child': { pb: 1.25 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={articlePath(article.id)}
                    onClick={() => track('sri_clicked', { article_id: article.id, from: 'citation' })}
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {article.title}
                  </Link>
                  <SourceLine article={article} />
                </Box>
                <Chip
                  size="small"
                  variant="outlined"
                  color={EVIDENCE_COLOR[article.evidence]}
                  label={t(`citations.evidence.${article.evidence}`)}
                  sx={{ flexShrink: 0 }}
                />
              </Stack>
              {article.retracted && (
                <Alert severity="error" variant="outlined" sx={{ mt: 1, py: 0 }}>
                  {t('citations.retracted')}
                </Alert>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}
