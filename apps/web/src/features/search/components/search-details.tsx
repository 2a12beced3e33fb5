import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, Link, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { SearchMapping } from '../api/search-articles';

const layExplanation = {
  lay: 'searchResults.detailsLay',
  abbreviation: 'searchResults.detailsAbbreviation',
  spelling: 'searchResults.detailsSpelling',
} as const;

/** PubMed's "search details": the MeSH descriptors the words were mapped to, behind a toggle. */
export function SearchDetails({ mapping }: { mapping: SearchMapping[] }) {
  const { t } = useTranslation();
  // Open when the words were mapped: seeing "heart attack → Myocardial Infarction" explains the results.
  const [open, setOpen] = useState(mapping.length > 0);
  const regionId = useId();
  return (
    <Box sx={{ mb: 1 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
      >
        {t('searchResults.details')}
      </Button>
      <Collapse in={open} id={regionId} unmountOnExit>
        <Box sx={{ p: 2, mt: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
          {mapping.length === 0 ? (
            <Typography variant="body2">{t('searchResults.detailsNone')}</Typography>
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('searchResults.detailsIntro')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {mapping.map((item) => (
                  <Typography component="li" variant="body2" key={`${item.ui}-${item.matched}`}>
                    {t('searchResults.detailsMatched', { matched: item.matched, name: item.name })}{' '}
                    {item.lay && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        ({t(layExplanation[item.lay.kind], { term: item.lay.term })}){' '}
                      </Typography>
                    )}
                    {item.correctedFrom && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        ({t('searchResults.detailsCorrected', { typed: item.correctedFrom })}){' '}
                      </Typography>
                    )}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {t('searchResults.detailsUi', { ui: item.ui })}
                    </Typography>{' '}
                    <Link
                      component={RouterLink}
                      to={paths.TopicsShow(item.ui)}
                      variant="caption"
                      aria-label={`${t('searchResults.detailsTopic')}: ${item.name}`}
                      onClick={() => track('topic_viewed', { ui: item.ui, from: 'search_details' })}
                    >
                      {t('searchResults.detailsTopic')}
                    </Link>
                  </Typography>
                ))}
              </Box>
            </>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
