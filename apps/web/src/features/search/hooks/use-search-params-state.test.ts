import { describe, expect, it } from 'vitest';
import { applySearchUrlPatch, parseSearchUrl } from './use-search-params-state';

describe('search URL state', () => {
  it('reads every URL key and the filters', () => {
    const state = parseSearchUrl(new URLSearchParams('q=flu&sri_id=a1&mo=1&t=collections&c_id=7&dm=1&qd=1&source=pubmed&from=2020-01-01'));
    expect(state).toMatchObject({
      q: 'flu',
      selectedResultId: 'a1',
      drawerOpen: true,
      tab: 'collections',
      collectionId: '7',
      discussionModel: '1',
      searchDiscussions: true,
      source: 'pubmed',
      from: '2020-01-01',
    });
  });

  it('falls back to defaults on hand-edited values', () => {
    const state = parseSearchUrl(new URLSearchParams('t=nope&source=wiki&from=yesterday&mo=yes'));
    expect(state).toMatchObject({ tab: 'article', source: undefined, from: undefined, drawerOpen: false });
  });

  it('patches only the named keys; null removes one', () => {
    const next = applySearchUrlPatch(new URLSearchParams('q=flu&mo=1&other=x'), { drawerOpen: null, tab: 'article' });
    expect(next.toString()).toBe('q=flu&other=x&t=article');
  });
});
