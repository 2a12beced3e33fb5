import { useSyncExternalStore } from 'react';

/**
 * Short messages at the edge of the screen (the product's "notices"): a small external store that
 * anything, React or not (the error catalogue runs outside components), can push to. One notice shows
 * at a time; the rest wait in order. components/notices/notice-host.tsx renders the head of the queue.
 */
export type NoticeSeverity = 'error' | 'warning' | 'info' | 'success';

export interface NoticeAction {
  label: string;
  onClick: () => void;
}

export interface NoticeInput {
  severity: NoticeSeverity;
  /** Already translated: the text a person reads. */
  message: string;
  /** Stays until acted on (no auto-hide, no close button): the session-expired notice. */
  persistent?: boolean;
  action?: NoticeAction;
}

export interface Notice extends Required<Pick<NoticeInput, 'severity' | 'message' | 'persistent'>> {
  id: number;
  action?: NoticeAction;
}

/** How long a notice that is not persistent stays up. */
export const NOTICE_AUTO_HIDE_MS = 6000;

let queue: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Notice[]) {
  queue = next;
  for (const listener of listeners) listener();
}

/**
 * Queues a notice and returns its id. The same text with the same severity already showing or
 * waiting is not queued twice: five requests failing the same way tell the person one thing.
 */
export function showNotice(input: NoticeInput): number {
  const duplicate = queue.find((notice) => notice.message === input.message && notice.severity === input.severity);
  if (duplicate) return duplicate.id;
  const notice: Notice = { id: nextId++, severity: input.severity, message: input.message, persistent: input.persistent ?? false };
  if (input.action) notice.action = input.action;
  emit([...queue, notice]);
  return notice.id;
}

export function dismissNotice(id: number): void {
  if (queue.some((notice) => notice.id === id)) emit(queue.filter((notice) => notice.id !== id));
}

/** Empties the queue (tests, and a sign-out that should not carry old news across). */
export function clearNotices(): void {
  if (queue.length) emit([]);
}

export function getCurrentNotice(): Notice | null {
  return queue[0] ?? null;
}

export function getQueuedNotices(): readonly Notice[] {
  return queue;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentNotice(): Notice | null {
  return useSyncExternalStore(subscribe, getCurrentNotice, getCurrentNotice);
}
