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

/**
 * One line per descriptor: the server reports a mapping per matched phrase, so "fever fever fever"
 * came back as the same heading three times. The words that reached it are joined, each once.
 */
export function uniqueMappings(mapping: readonly SearchMapping[]): SearchMapping[] {
  const byUi = new Map<string, SearchMapping>();
  for (const item of mapping) {
    const seen = byUi.get(item.ui);
    if (!seen) byUi.set(item.ui, item);
    else if (!seen.matched.toLowerCase().split(' / ').includes(item.matched.toLowerCase()))
      byUi.set(item.ui, { ...seen, matched: `${seen.matched} / ${item.matched}` });
  }
  return [...byUi.values()];
}

/** How many descriptors show before "Show all": the results stay in view on a phone. */
const SHOWN_AT_FIRST = 2;

/** PubMed's "search details": the MeSH descriptors the words were mapped to, behind a toggle. */
export function SearchDetails({ mapping: reported }: { mapping: SearchMapping[] }) {
  const { t } = useTranslation();
  const mapping = uniqueMappings(reported);
  const [all, setAll] = useState(false);
  const shown = all ? mapping : mapping.slice(0, SHOWN_AT_FIRST);
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
        <Box sx={{ px: 2, py: 1.25, mt: 0.5, borderRadius: 2, bgcolor: 'action.hover' }}>
          {mapping.length === 0 ? (
            <Typography variant="body2">{t('searchResults.detailsNone')}</Typography>
          ) : (
            <>
              {/* On a phone the headings speak for themselves: the results stay in view. */}
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5, display: { xs: 'none', sm: 'block' } }}>
                {t('searchResults.detailsIntro')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {shown.map((item) => (
                  <Typography component="li" variant="body2" key={item.ui}>
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
              {mapping.length > SHOWN_AT_FIRST && (
                <Button size="small" onClick={() => setAll((value) => !value)} aria-expanded={all} sx={{ mt: 0.5, ml: -0.5 }}>
                  {all ? t('searchResults.detailsFewer') : t('searchResults.detailsMore', { count: mapping.length - SHOWN_AT_FIRST })}
                </Button>
              )}
            </>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
