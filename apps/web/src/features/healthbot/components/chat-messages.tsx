import { Alert, Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { WinkMessage } from '../api/healthbot-keys';
import { AnswerActions } from './answer-actions';
import { AnswerContent } from './answer-content';
import { SearchMoreLink } from './search-more-link';
import { CitationList } from './citation-list';
import type { PendingTurn } from './use-wink-chat';

function Question({ text, last = false }: { text: string; last?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }} data-last-question={last || undefined}>
      <Paper
        elevation={0}
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 1.75, py: 1, maxWidth: '85%', borderRadius: 3 }}
      >
        <Typography component="span" sx={visuallyHidden}>
          {t('healthbot.you')}:{' '}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      </Paper>
    </Box>
  );
}

/** A stored answer: text with linked [n], the fallback note, sources, a way to search for more, and what to do with it. */
function Answer({ message, question, onNavigate }: { message: WinkMessage; question: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} component="article" aria-label={t('healthbot.wink')}>
      {message.fellBack && (
        <Alert severity="info" variant="outlined">
          {t('healthbot.fallbackTitle')}
        </Alert>
      )}
      <AnswerContent
        text={message.content}
        citations={message.citations}
        searchQuery={message.searchQuery}
        emergency={message.kind === 'emergency'}
        onNavigate={onNavigate}
      />
      <CitationList citations={message.citations} searchQuery={message.searchQuery} onNavigate={onNavigate} />
      {message.kind === 'no_results' && message.searchQuery && <SearchMoreLink query={message.searchQuery} onNavigate={onNavigate} />}
      {message.citations.length > 0 && <AnswerActions question={question} answer={message} onNavigate={onNavigate} />}
    </Stack>
  );
}

/** The answer while it streams: text as it arrives, or a note while Wink searches. */
function PendingAnswer({ turn, onNavigate }: { turn: PendingTurn; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-label={t('healthbot.wink')} data-streaming={turn.status === 'streaming' || turn.status === 'waiting'}>
      {turn.notice && (
        <Alert severity="info" variant="outlined">
          {turn.notice}
        </Alert>
      )}
      {turn.text ? (
        <AnswerContent text={turn.text} citations={turn.citations} searchQuery={null} onNavigate={onNavigate} />
      ) : (
        turn.status === 'waiting' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">{t('healthbot.thinking')}</Typography>
          </Stack>
        )
      )}
      {turn.status === 'stopped' && <Chip size="small" label={t('healthbot.stopped')} sx={{ alignSelf: 'flex-start' }} />}
      {turn.error && <Alert severity="error">{turn.error}</Alert>}
    </Stack>
  );
}

interface ChatMessagesProps {
  messages: WinkMessage[];
  pending: PendingTurn | null;
  onNavigate: () => void;
}

/** The conversation, oldest first; each answer knows the question it answers (for "start a discussion"). */
export function ChatMessages({ messages, pending, onNavigate }: ChatMessagesProps) {
  let lastQuestion = '';
  const lastQuestionId = messages.findLast((m) => m.role === 'user')?.id;
  return (
    <Stack spacing={2.5}>
      {messages.map((message) => {
        if (message.role === 'user') {
          lastQuestion = message.content;
          return <Question key={message.id} text={message.content} last={message.id === lastQuestionId} />;
        }
        return <Answer key={message.id} message={message} question={lastQuestion} onNavigate={onNavigate} />;
      })}
      {pending && !messages.some((m) => m.id === pending.questionId) && <Question text={pending.question} />}
      {pending && <PendingAnswer turn={pending} onNavigate={onNavigate} />}
    </Stack>
  );
}
