import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { appEvents, createEventBus, useAppEvent, type AppEventMap, type AppEventName } from './app-events';

describe('the app event bus', () => {
  it('carries the seven service-worker events and the three internal events, each with its payload type', () => {
    expectTypeOf<AppEventName>().toEqualTypeOf<
      | 'registered'
      | 'updated'
      | 'ready'
      | 'cached'
      | 'update-found'
      | 'offline'
      | 'error'
      | 'discussion:reply-submitted'
      | 'discussion:load-replies'
      | 'collection:item-remove'
    >();
    expectTypeOf<AppEventMap['collection:item-remove']>().toEqualTypeOf<{ collectionId: string; itemId: string }>();
    expectTypeOf<AppEventMap['discussion:load-replies']>().toEqualTypeOf<{ discussionId: string; commentId: string }>();

    const bus = createEventBus<AppEventMap>();
    // @ts-expect-error an unknown event name does not compile
    bus.emit('discussion:deleted', {});
    // @ts-expect-error a payload of the wrong shape does not compile
    bus.emit('collection:item-remove', { collectionId: 'c1' });
    bus.on('discussion:reply-submitted', (payload) => {
      expectTypeOf(payload).toEqualTypeOf<{ discussionId: string; commentId: string; replyId: string }>();
    });
  });

  it('delivers a payload to every subscriber of that event only, until they unsubscribe', () => {
    const bus = createEventBus<AppEventMap>();
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    const offFirst = bus.on('collection:item-remove', first);
    bus.on('collection:item-remove', second);
    bus.on('discussion:load-replies', other);

    bus.emit('collection:item-remove', { collectionId: 'c1', itemId: 'i9' });
    expect(first).toHaveBeenCalledWith({ collectionId: 'c1', itemId: 'i9' });
    expect(second).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    offFirst();
    bus.emit('collection:item-remove', { collectionId: 'c1', itemId: 'i10' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('calls a once-handler a single time', () => {
    const bus = createEventBus<AppEventMap>();
    const handler = vi.fn();
    bus.once('ready', handler);
    bus.emit('ready', {});
    bus.emit('ready', {});
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to later handlers when one throws', async () => {
    const bus = createEventBus<AppEventMap>();
    const later = vi.fn();
    const thrown = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) =>
        original(() => {
          try {
            task();
          } catch (error) {
            resolve(error);
          }
        }),
      );
    });
    bus.on('offline', () => {
      throw new Error('broken handler');
    });
    bus.on('offline', later);
    bus.emit('offline', {});
    expect(later).toHaveBeenCalledTimes(1);
    expect(await thrown).toEqual(new Error('broken handler'));
  });

  it('lets a component react to an event while it is mounted', () => {
    function ReplyCounter() {
      const [count, setCount] = useState(0);
      useAppEvent('discussion:reply-submitted', () => setCount((n) => n + 1));
      return <p>{count} new replies</p>;
    }
    const { unmount } = render(<ReplyCounter />);
    act(() => appEvents.emit('discussion:reply-submitted', { discussionId: 'd1', commentId: 'c1', replyId: 'r1' }));
    expect(screen.getByText('1 new replies')).toBeInTheDocument();
    unmount();
    expect(() => appEvents.emit('discussion:reply-submitted', { discussionId: 'd1', commentId: 'c1', replyId: 'r2' })).not.toThrow();
  });
});
