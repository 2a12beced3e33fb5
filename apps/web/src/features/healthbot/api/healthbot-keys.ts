import type {
  HealthbotCitation as WireCitation,
  HealthbotConversation as WireConversation,
  HealthbotConversationDetail as WireConversationDetail,
  HealthbotMessage as WireMessage,
} from '@wink/contracts/healthbot';
import type { Camelized } from '../../../lib/case';

export type Conversation = Camelized<WireConversation>;
export type ConversationDetail = Camelized<WireConversationDetail>;
export type WinkMessage = Camelized<WireMessage>;
export type Citation = Camelized<WireCitation>;

/** The one key root for Wink's conversations. */
export const healthbotKeys = {
  all: ['healthbot'] as const,
  lists: () => [...healthbotKeys.all, 'list'] as const,
  detail: (id: string) => [...healthbotKeys.all, 'detail', id] as const,
};

export const conversationPath = (id: string) => `healthbot/conversations/${encodeURIComponent(id)}`;
