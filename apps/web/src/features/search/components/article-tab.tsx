import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Chip, Collapse, IconButton, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadState } from '../../../components/load-state';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { useArticle } from '../api/get-article';
import { MeshTermItem } from './mesh-term-item';
import { linkDestinationName, sourceName } from '../../../components/article-source';

/** The drawer's article tab: what the article says, how it is indexed, and where to read it. */
export function ArticleTab({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const { data: article, isPending, isError, refetch } = useArticle(articleId);
  const [meshInfoOpen, setMeshInfoOpen] = useState(false);
  const meshInfoId = useId();

  if (isPending || isError)
    return (
      <LoadState
        query={{ isPending, isError, refetch }}
        loading={<DelayedSpinner label={t('articleDrawer.loading')} />}
        errorTitle={t('articleDrawer.errorTitle')}
        errorMessage={t('articleDrawer.errorBody')}
      />
    );

  const source = sourceName(article.source);
  // A Wink Health summary leads to its original elsewhere: said so, so the two names do not contradict.
  const readAtLabel = (destination: string) =>
    destination === source
      ? t('articleDrawer.openSource', { source: destination })
      : t('articleDrawer.openOriginal', { source: destination });
  // The button names where it leads (a Wink Health summary links out to MedlinePlus, say), by the same names.
  const facts: { label: string; value: string }[] = [];
  if (article.authors.length) facts.push({ label: t('articleDrawer.authors'), value: article.authors.join(', ') });
  if (article.journal) facts.push({ label: t('articleDrawer.journal'), value: article.journal });
  if (article.publishedAt)
    facts.push({ label: t('articleDrawer.published'), value: t('articleDrawer.date', { date: article.publishedAt }) });

  return (
    <Box component="article" sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Chip size="small" color="primary" variant="outlined" label={source} sx={{ mb: 1 }} />
        <Typography component="h2" variant="h2" sx={{ fontSize: '1.4rem' }}>
          {article.title}
        </Typography>
      </Box>
      {facts.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
          {facts.map((fact) => (
            <Box key={fact.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {fact.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {fact.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {article.publicationTypes.length > 0 && (
        <Box aria-label={t('articleDrawer.publicationTypes')} role="group" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {article.publicationTypes.map((type) => (
            <Chip key={type} size="small" label={type} />
          ))}
        </Box>
      )}
      <Box component="section">
        <Typography component="h3" variant="h4" sx={{ fontSize: '1.05rem', mb: 1 }}>
          {t('articleDrawer.summary')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{article.summary}</Typography>
      </Box>
      {article.url && (
        <Box>
          <Button
            variant="contained"
            href={article.url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
            aria-description={t('articleDrawer.openSourceHint')}
            onClick={() => track('external_article_visited', { article_id: article.id, source: article.source })}
          >
            {readAtLabel(linkDestinationName(article.url, source))}
          </Button>
        </Box>
      )}
      {article.meshTerms.length > 0 && (
        <Box component="section">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
            <Typography component="h3" variant="h4" sx={{ fontSize: '1.05rem' }}>
              {t('articleDrawer.meshTerms')}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('articleDrawer.meshInfoButton')}
              aria-expanded={meshInfoOpen}
              aria-controls={meshInfoId}
              onClick={() => {
                if (!meshInfoOpen) track('info_button_clicked', { topic: 'mesh' });
                setMeshInfoOpen(!meshInfoOpen);
              }}
            >
              <InfoOutlinedIcon fontSize="small" />
            </IconButton>
          </Box>
          <Collapse in={meshInfoOpen} id={meshInfoId}>
            <Alert severity="info" icon={false} sx={{ mb: 1 }}>
              <Typography variant="subtitle2" component="p">
                {t('articleDrawer.meshInfoTitle')}
              </Typography>
              {t('articleDrawer.meshInfoBody')}
            </Alert>
          </Collapse>
          {article.meshTerms.some((term) => term.major) && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {t('articleDrawer.majorHint')}
            </Typography>
          )}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {article.meshTerms.map((term) => (
              <MeshTermItem key={term.ui} term={term} />
            ))}
          </Box>
        </Box>
      )}
      <Alert severity="warning" variant="outlined">
        {t('app.notMedicalAdvice')}
      </Alert>
    </Box>
  );
}
