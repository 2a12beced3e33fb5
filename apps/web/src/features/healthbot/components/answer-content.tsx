import { Alert, AlertTitle, Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { Citation } from '../api/healthbot-keys';
import { articleUrl, splitCitations } from './citation-links';

interface AnswerContentProps {
  text: string;
  citations: Citation[];
  searchQuery: string | null;
  /** The first paragraph is the emergency wording: shown as an alert, not as an ordinary paragraph. */
  emergency?: boolean;
  /** Leaving the panel for a cited article (the panel closes so the drawer shows). */
  onNavigate: () => void;
}

/** A paragraph with each `[n]` as a link to its article; a number with no citation stays plain text. */
function Paragraph({ text, citations, searchQuery, onNavigate }: Omit<AnswerContentProps, 'emergency'>) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
      {splitCitations(text).map((part, i) => {
        if (typeof part === 'string') return part;
        const citation = citations.find((c) => c.n === part.n);
        if (!citation) return `[${part.n}]`;
        return (
          <Link
            key={i}
            component={RouterLink}
            to={articleUrl(citation, searchQuery)}
            onClick={onNavigate}
            aria-label={t('healthbot.citationLabel', { n: citation.n, title: citation.title })}
            sx={{ fontWeight: 600, textDecoration: 'none', px: 0.25 }}
          >
            [{citation.n}]
          </Link>
        );
      })}
    </Typography>
  );
}

/** An answer's text, paragraph by paragraph, while it streams and once it is stored. */
export function AnswerContent({ text, citations, searchQuery, emergency = false, onNavigate }: AnswerContentProps) {
  const { t } = useTranslation();
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim() !== '');
  const [first, ...rest] = paragraphs;
  return (
    <Box sx={{ display: 'grid', gap: 1.25 }}>
      {emergency && first ? (
        <Alert severity="error" variant="filled" role="alert">
          <AlertTitle>{t('healthbot.emergencyTitle')}</AlertTitle>
          {first}
        </Alert>
      ) : null}
      {(emergency ? rest : paragraphs).map((paragraph, i) => (
        <Paragraph key={i} text={paragraph} citations={citations} searchQuery={searchQuery} onNavigate={onNavigate} />
      ))}
    </Box>
  );
}
