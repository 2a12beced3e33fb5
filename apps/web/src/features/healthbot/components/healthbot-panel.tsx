import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import { Box, Chip, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useConversation } from '../api/get-conversation';
import { ChatComposer } from './chat-composer';
import { ChatMessages } from './chat-messages';
import { ConversationList } from './conversation-list';
import { useWinkChat } from './use-wink-chat';

const SUGGESTIONS = ['asthma', 'hayFever', 'diabetes'] as const;

export interface HealthbotPanelProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Wink's panel: a side panel on wide screens, the whole screen on phones. It stays mounted once
 * loaded, so closing it (or following a citation) keeps the conversation for when it reopens.
 */
export default function HealthbotPanel({ open, onClose }: HealthbotPanelProps) {
  const { t } = useTranslation();
  const chat = useWinkChat();
  const conversation = useConversation(chat.conversationId);
  const [view, setView] = useState<'chat' | 'list'>('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const messages = conversation.data?.messages ?? [];
  const busy = chat.pending?.status === 'waiting' || chat.pending?.status === 'streaming';

  // Follow the answer while it grows, as chat apps do.
  useEffect(() => {
    const box = scrollRef.current;
    if (box && chat.pending) box.scrollTop = box.scrollHeight;
  }, [chat.pending, view]);
  // Once it is stored, show it from its question down: an emergency's first words must not sit above the fold.
  useEffect(() => {
    const box = scrollRef.current;
    const question = box?.querySelector<HTMLElement>('[data-last-question]');
    if (box && question) box.scrollTop = question.offsetTop - 8;
  }, [messages.length, view]);

  const openConversation = (id: string | null) => {
    chat.open(id);
    setView('chat');
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 440 }, maxWidth: '100%', display: 'flex', flexDirection: 'column' },
          // Named for Wink in both views (the heading changes to "Past conversations" in the list).
          'aria-label': t('healthbot.title'),
          role: 'dialog',
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {view === 'list' && (
          <IconButton aria-label={t('healthbot.backToChat')} onClick={() => setView('chat')}>
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="h2" sx={{ flex: 1, pl: view === 'list' ? 0 : 1 }}>
          {view === 'list' ? t('healthbot.conversations') : t('healthbot.title')}
        </Typography>
        {view === 'chat' && (
          <>
            <IconButton aria-label={t('healthbot.conversations')} onClick={() => setView('list')}>
              <HistoryIcon />
            </IconButton>
            <IconButton aria-label={t('healthbot.newConversation')} onClick={() => openConversation(null)} disabled={busy}>
              <AddCommentOutlinedIcon />
            </IconButton>
          </>
        )}
        <IconButton aria-label={t('healthbot.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>

      {view === 'list' ? (
        <Box sx={{ flex: 1, overflowY: 'auto' }}>
          <ConversationList activeId={chat.conversationId} onOpen={openConversation} onActiveDeleted={() => chat.open(null)} />
        </Box>
      ) : (
        <>
          <Box
            ref={scrollRef}
            role="log"
            aria-busy={busy}
            aria-label={t('healthbot.title')}
            sx={{ flex: 1, overflowY: 'auto', p: 2, position: 'relative' }}
          >
            {messages.length === 0 && !chat.pending ? (
              <Stack spacing={2}>
                <Typography>{t('healthbot.intro')}</Typography>
                <Typography variant="subtitle2" component="h3" color="text.secondary">
                  {t('healthbot.suggestionsLabel')}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {SUGGESTIONS.map((key) => (
                    <Chip
                      key={key}
                      label={t(`healthbot.suggestions.${key}`)}
                      onClick={() => void chat.send(t(`healthbot.suggestions.${key}`))}
                    />
                  ))}
                </Stack>
              </Stack>
            ) : (
              <ChatMessages messages={messages} pending={chat.pending} onNavigate={onClose} />
            )}
          </Box>
          <Box sx={{ px: 2, pt: 1.5, pb: 'calc(8px + env(safe-area-inset-bottom))', borderTop: 1, borderColor: 'divider' }}>
            <ChatComposer busy={busy} error={chat.fieldError} onSend={chat.send} onStop={chat.stop} inputRef={inputRef} />
            <Typography variant="caption" color="text.secondary" component="p">
              {t('healthbot.notAdvice')}
            </Typography>
          </Box>
        </>
      )}
    </Drawer>
  );
}
