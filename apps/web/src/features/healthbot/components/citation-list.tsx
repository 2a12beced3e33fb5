import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { Citation } from '../api/healthbot-keys';
import { articleUrl } from './citation-links';

/** The numbered sources under an answer; each opens its article in the search drawer. */
export function CitationList({
  citations,
  searchQuery,
  onNavigate,
}: {
  citations: Citation[];
  searchQuery: string | null;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  if (citations.length === 0) return null;
  return (
    <Box component="section" aria-label={t('healthbot.sourcesTitle')}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {t('healthbot.sourcesTitle')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {citations.map((citation) => (
          <Typography component="li" variant="body2" key={citation.n} value={citation.n}>
            <Link component={RouterLink} to={articleUrl(citation, searchQuery)} onClick={onNavigate}>
              {citation.title}
            </Link>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
