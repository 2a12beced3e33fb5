import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { renderRouter } from '../../test/render-router';

export { fakeServer, json } from '../../test/fake-server';

/** One console page in a memory router with a fresh query client. */
export function renderAdminPage(element: ReactElement, { path, url = path }: { path: string; url?: string }) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  return { ...renderRouter(router, queryClient, { appTheme: false }), router };
}

const days = (n: number, value: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10), value: value(i) }));

/** A wire stats answer over `n` days with recognisable numbers. */
export function wireStats(n = 30) {
  return {
    data: {
      days: n,
      from: days(n, () => 0)[0]!.date,
      to: days(n, () => 0)[n - 1]!.date,
      totals: { users: 1234, banned_users: 2, active_subscriptions: 310, discussions: 88, comments: 512, open_reports: 3 },
      series: {
        sign_ups: days(n, (i) => (i === 5 ? 9 : 1)),
        searches: days(n, () => 0),
        discussions: days(n, (i) => i % 2),
        comments: days(n, () => 2),
        active_subscriptions: [
          { plan_id: 'reader-monthly', plan_name: 'Reader', type: 'reader_subscription', points: days(n, () => 100) },
          { plan_id: 'leader-monthly', plan_name: 'Leader', type: 'leader_subscription', points: days(n, (i) => 200 + i) },
        ],
      },
    },
  };
}
