import type {
  Collection as WireCollection,
  CollectionDetail as WireCollectionDetail,
  CollectionItem as WireCollectionItem,
} from '@wink/contracts/collections';
import type { QueryClient } from '@tanstack/react-query';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import type { Params } from 'react-router';
import { NoticeHost } from '../../../components/notices/notice-host';
import { camelizeKeys } from '../../../lib/case';
import { closeDialog } from '../../../lib/dialogs';
import { clearNotices } from '../../../lib/notices';
import { createQueryClient } from '../../../lib/query-client';
import { json } from '../../../test/fake-server';
import { renderRoute } from '../../../test/discussions-testing';
import { wireUser } from '../../../test/wire-user';
import { userKeys } from '../../auth';
import { runFirstViewData } from '../../../test/first-view';

/** Test-only: wire fixtures for the collection pages; rendering reuses the discussions' route helper. */
export { fakeServer, json, type RecordedCall } from '../../../test/fake-server';
export { grace, listPage, READER } from '../../../test/discussions-testing';

/**
 * The discussions' route helper (signed-in person cached, the subscription dialog host) plus the
 * notice host, since what these pages confirm they say in notices. Test files mock lib/analytics.
 */
export function renderCollectionRoute(element: ReactElement, options: Parameters<typeof renderRoute>[1]) {
  // Dialogs and notices live in app-wide stores: what an earlier test opened must not cover this one.
  closeDialog('subscription');
  clearNotices();
  return renderRoute(
    <>
      {element}
      <NoticeHost />
    </>,
    options,
  );
}

/** A person whose trial ended without a plan: no read ability, so no collections (docs/rules.md). */
export const LAPSED = wireUser({ subscription: null, trial_ends_at: '2020-01-01T00:00:00.000Z' });

/**
 * Runs `page`'s first-view declaration (lib/first-view-data.ts) as the server does before rendering it,
 * with `user` cached as the route's guard leaves them (null: a guest); returns the cache it filled.
 */
export async function firstViewCache(
  page: unknown,
  { url, params = {}, user = wireUser() }: { url: string; params?: Params; user?: WireUser | null },
): Promise<QueryClient> {
  const queryClient = createQueryClient();
  if (user) queryClient.setQueryData(userKeys.all, camelizeKeys(user));
  return runFirstViewData([page], url, { params, queryClient });
}

export function wireItem(n: number, overrides: Partial<WireCollectionItem> = {}): WireCollectionItem {
  return {
    id: `i${n}`,
    article: {
      id: `00000000-0000-4000-8000-00000000000${n}`,
      source: 'pubmed',
      external_id: `${1000 + n}`,
      title: `Article ${n}`,
      authors: ['Smith JA'],
      journal: 'The Lancet',
      published_at: '2024-05-06',
      url: `https://pubmed.ncbi.nlm.nih.gov/${1000 + n}/`,
      publication_types: ['Journal Article'],
    },
    note: null,
    position: n - 1,
    added_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function wireCollection(overrides: Partial<WireCollection> = {}): WireCollection {
  return {
    id: 'c1',
    name: 'Heart health',
    description: 'Before the appointment',
    is_draft: false,
    items_count: 0,
    share_hash: null,
    saved_from: null,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...overrides,
  };
}

export function wireDetail(items: WireCollectionItem[], overrides: Partial<WireCollectionDetail> = {}): WireCollectionDetail {
  return { ...wireCollection({ items_count: items.length }), items, ...overrides };
}

/** A detail answered from a mutable list, so the page's refetch after a change sees the server's state. */
export const detailResponse = (detail: () => WireCollectionDetail) => () => json(200, { data: detail() });
