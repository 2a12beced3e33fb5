import type { DomainEventName, DomainEvents } from '@wink/contracts';
import type { FastifyBaseLogger } from 'fastify';

type Listener<N extends DomainEventName> = (payload: DomainEvents[N]) => unknown;

export interface PublishedEvent<N extends DomainEventName = DomainEventName> {
  name: N;
  payload: DomainEvents[N];
}

/**
 * The one bus every community change goes out on (docs/data.md). Services publish after their
 * transaction committed, so a subscriber never hears of something that was rolled back; a failing
 * subscriber is logged and never fails the request that caused the event.
 */
export class DomainEventBus {
  private listeners = new Map<DomainEventName, Set<Listener<never>>>();
  private pending = new Set<Promise<unknown>>();

  constructor(private log: FastifyBaseLogger) {}

  on<N extends DomainEventName>(name: N, listener: Listener<N>): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(name, set);
    return () => set.delete(listener as Listener<never>);
  }

  /** Every event, in order: for tests and for subscribers that handle all of them alike. */
  onAny(listener: (event: PublishedEvent) => unknown): () => void {
    const offs = EVENT_NAMES.map((name) => this.on(name, (payload) => listener({ name, payload } as PublishedEvent)));
    return () => offs.forEach((off) => off());
  }

  publish<N extends DomainEventName>(name: N, payload: DomainEvents[N]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      const run = Promise.resolve()
        .then(() => (listener as Listener<N>)(payload))
        .catch((err: unknown) => this.log.error({ err, event: name }, 'domain event subscriber failed'));
      this.pending.add(run);
      void run.finally(() => this.pending.delete(run));
    }
  }

  /** Resolves once every subscriber started so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

/** Every event name: `onAny` subscribes to each. */
export const EVENT_NAMES: DomainEventName[] = [
  'comment.created',
  'comment.followed.created',
  'discussion.created',
  'discussionAccess.created',
  'discussionAccess.request.created',
  'discussionAccess.request.accepted',
  'discussionAccess.request.rejected',
  'user.followed',
];
