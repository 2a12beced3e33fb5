import { useEffect, useRef } from 'react';

/**
 * The app's one event bus (docs/data.md): the service worker's seven lifecycle events and the three
 * internal events components use to talk across the tree without sharing state.
 */
export interface AppEventMap {
  /** The worker at /sw.js is registered (not yet necessarily active). */
  registered: { registration: ServiceWorkerRegistration | undefined };
  /** A new version is installed and waiting: it is told to skip waiting, and the page reloads onto it. */
  updated: { registration: ServiceWorkerRegistration | undefined };
  /** A worker is active and controls (or will control) this page. */
  ready: Record<string, never>;
  /** First install finished: the app shell is precached and opens offline. */
  cached: Record<string, never>;
  /** A new worker (first install or update) is downloading. */
  'update-found': Record<string, never>;
  /** Registering or checking for updates failed because there is no connection. */
  offline: Record<string, never>;
  /** Registering or checking for updates failed for another reason. */
  error: { error: unknown };
  /** A reply was posted under a comment; the thread showing it refreshes its replies. */
  'discussion:reply-submitted': { discussionId: string; commentId: string; replyId: string };
  /** "Show replies" on a comment: the thread loads the next page of that comment's replies. */
  'discussion:load-replies': { discussionId: string; commentId: string };
  /** An item leaves a collection (from a card menu); the collection view removes it. */
  'collection:item-remove': { collectionId: string; itemId: string };
}

export type AppEventName = keyof AppEventMap;
export type AppEventHandler<K extends AppEventName> = (payload: AppEventMap[K]) => void;

export interface EventBus<Events extends object> {
  on<K extends keyof Events>(name: K, handler: (payload: Events[K]) => void): () => void;
  once<K extends keyof Events>(name: K, handler: (payload: Events[K]) => void): () => void;
  emit<K extends keyof Events>(name: K, payload: Events[K]): void;
}

/** A tiny typed emitter. A throwing handler does not stop the others: it is rethrown asynchronously. */
export function createEventBus<Events extends object>(): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  function on<K extends keyof Events>(name: K, handler: (payload: Events[K]) => void): () => void {
    let set = handlers.get(name);
    if (!set) handlers.set(name, (set = new Set()));
    set.add(handler as (payload: never) => void);
    return () => {
      set.delete(handler as (payload: never) => void);
    };
  }

  return {
    on,
    once(name, handler) {
      const off = on(name, (payload) => {
        off();
        handler(payload);
      });
      return off;
    },
    emit(name, payload) {
      for (const handler of [...(handlers.get(name) ?? [])]) {
        try {
          (handler as (value: typeof payload) => void)(payload);
        } catch (error) {
          // Surface it (window 'error', so error reporting sees it) without skipping later handlers.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}

export const appEvents = createEventBus<AppEventMap>();

/** Subscribes for the component's lifetime; the latest handler is always the one called. */
export function useAppEvent<K extends AppEventName>(name: K, handler: AppEventHandler<K>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => appEvents.on(name, (payload) => latest.current(payload)), [name]);
}
