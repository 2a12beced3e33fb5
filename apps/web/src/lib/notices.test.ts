import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearNotices, dismissNotice, getCurrentNotice, getQueuedNotices, showNotice, useCurrentNotice } from './notices';

afterEach(() => clearNotices());

describe('notices', () => {
  it('queues notices in order and shows the first', () => {
    const first = showNotice({ severity: 'error', message: '404 Not Found' });
    showNotice({ severity: 'success', message: 'Saved.' });
    expect(getCurrentNotice()).toMatchObject({ id: first, message: '404 Not Found', persistent: false });
    dismissNotice(first);
    expect(getCurrentNotice()).toMatchObject({ message: 'Saved.' });
    expect(getQueuedNotices()).toHaveLength(1);
  });

  it('does not queue the same message twice while it is showing or waiting', () => {
    const id = showNotice({ severity: 'error', message: '429 Too Many Requests' });
    expect(showNotice({ severity: 'error', message: '429 Too Many Requests' })).toBe(id);
    expect(getQueuedNotices()).toHaveLength(1);
    dismissNotice(id);
    showNotice({ severity: 'error', message: '429 Too Many Requests' });
    expect(getQueuedNotices()).toHaveLength(1);
  });

  it('useCurrentNotice follows the queue', () => {
    const { result } = renderHook(() => useCurrentNotice());
    expect(result.current).toBeNull();
    let id = 0;
    act(() => void (id = showNotice({ severity: 'info', message: 'Hello', persistent: true })));
    expect(result.current).toMatchObject({ message: 'Hello', persistent: true });
    act(() => dismissNotice(id));
    expect(result.current).toBeNull();
  });
});
