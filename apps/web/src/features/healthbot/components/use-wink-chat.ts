import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { HEALTHBOT_MESSAGE_MAX } from '@wink/contracts/healthbot';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { tooManyRequestsMessage } from '../../../lib/errors/error-catalogue';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import { t } from '../../../lib/i18n';
import { askWink, type WinkEvent } from '../api/ask-wink';
import { healthbotKeys, type Citation, type ConversationDetail, type WinkMessage } from '../api/healthbot-keys';

/** The question being answered and the answer so far, shown below the stored messages until it is stored too. */
export interface PendingTurn {
  question: string;
  /** The stored question's id, once the stream has started: the conversation, when fetched, already shows it. */
  questionId: string | null;
  text: string;
  citations: Citation[];
  /** The model's answer was dropped for the offline one: why, in the server's words. */
  notice: string | null;
  status: 'waiting' | 'streaming' | 'failed' | 'stopped';
  error: string | null;
}

/**
 * One conversation with Wink from the panel's side: which conversation is open, the turn in flight
 * (streamed event by event), and the stored messages in the query cache once the answer is done.
 */
export function useWinkChat() {
  const queryClient = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  /**
   * Puts the finished turn into the conversation's cache, then calls `stored`. A read of the
   * conversation may still be in flight (the panel fetches it as soon as the stream names it, before
   * the answer is stored): it would land afterwards and put back a list without the answer, so it is
   * cancelled first. The server stores the answer before it sends `done`, so any read that starts
   * from here on has it. The cache and `stored` reach React in one batch: the streamed turn gives
   * way to the stored one in a single render, with no frame showing both or neither.
   */
  const storeTurn = useCallback(
    async (
      conversation: { id: string; title: string; createdAt: string; updatedAt: string },
      question: WinkMessage,
      answer: WinkMessage,
      stored: () => void,
    ) => {
      const key = healthbotKeys.detail(conversation.id);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      notifyManager.batch(() => {
        queryClient.setQueryData<ConversationDetail>(key, (old) => ({
          ...(old ?? conversation),
          updatedAt: answer.createdAt,
          messages: [...(old?.messages ?? []).filter((m) => m.id !== question.id && m.id !== answer.id), question, answer],
        }));
        notifyManager.schedule(stored);
      });
      void queryClient.invalidateQueries({ queryKey: healthbotKeys.lists() });
    },
    [queryClient],
  );

  const send = useCallback(
    async (raw: string) => {
      const message = raw.trim();
      if (!message || pending?.status === 'waiting' || pending?.status === 'streaming') return false;
      if (message.length > HEALTHBOT_MESSAGE_MAX) {
        setFieldError(t('healthbot.composer.tooLong', { max: HEALTHBOT_MESSAGE_MAX }));
        return false;
      }
      setFieldError(null);
      const controller = new AbortController();
      abortRef.current = controller;
      setPending({ question: message, questionId: null, text: '', citations: [], notice: null, status: 'waiting', error: null });
      let started: Extract<WinkEvent, { type: 'start' }> | null = null;
      let stored: Promise<void> | undefined;
      const onEvent = (event: WinkEvent) => {
        switch (event.type) {
          case 'start':
            started = event;
            setConversationId(event.conversation.id);
            setPending((turn) => turn && { ...turn, questionId: event.questionId });
            return;
          case 'citations':
            setPending((turn) => turn && { ...turn, citations: event.citations });
            return;
          case 'delta':
            setPending((turn) => turn && { ...turn, status: 'streaming', text: turn.text + event.text });
            return;
          case 'fallback':
            setPending((turn) => turn && { ...turn, text: '', notice: event.message });
            return;
          case 'done': {
            if (!started) {
              setPending(null);
              return;
            }
            const question: WinkMessage = {
              id: started.questionId,
              role: 'user',
              content: message,
              kind: null,
              engine: null,
              fellBack: false,
              citations: [],
              searchQuery: null,
              createdAt: started.conversation.updatedAt,
            };
            stored = storeTurn(started.conversation, question, event.message, () => setPending(null));
            return;
          }
          case 'error':
            setPending((turn) => turn && { ...turn, status: 'failed', error: event.message });
            return;
        }
      };
      try {
        await askWink({ message, conversationId }, onEvent, controller.signal);
        await stored;
        return true;
      } catch (error) {
        if (controller.signal.aborted) {
          setPending((turn) => turn && { ...turn, status: 'stopped' });
          return true;
        }
        if (error instanceof ApiError && error.status === 422) {
          setPending(null);
          setFieldError(error.fieldErrors().message ?? error.data.message ?? t('healthbot.failed'));
          return false;
        }
        // A limit reads as everywhere else: the catalogue's status line and when to ask again.
        const text = error instanceof ApiError && error.status === 429 ? tooManyRequestsMessage(error) : t('healthbot.failed');
        setPending((turn) => turn && { ...turn, status: 'failed', error: text });
        // 403 opens the subscription dialog, offline and maintenance their own: the catalogue knows.
        if (!(error instanceof ApiError && error.status === 429)) handleRequestError(error);
        return false;
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [conversationId, pending?.status, storeTurn],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const open = useCallback((id: string | null) => {
    abortRef.current?.abort();
    setPending(null);
    setFieldError(null);
    setConversationId(id);
  }, []);

  return { conversationId, pending, fieldError, send, stop, open };
}
