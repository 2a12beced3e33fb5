import { describe, expect, it } from 'vitest';
import { feedbackPagePath } from './feedback-page-path';

const origin = 'https://wink.example';

describe('feedbackPagePath', () => {
  it('prefers the route that linked here, without its query', () => {
    expect(feedbackPagePath({ from: '/search?q=asthma' }, `${origin}/collections`, origin)).toBe('/search');
  });

  it('falls back to a same-origin referrer path', () => {
    expect(feedbackPagePath(null, `${origin}/discussions/7?x=1`, origin)).toBe('/discussions/7');
  });

  it('ignores other origins, the feedback page itself and nonsense', () => {
    expect(feedbackPagePath(null, 'https://elsewhere.example/page', origin)).toBeNull();
    expect(feedbackPagePath({ from: '/feedback' }, '', origin)).toBeNull();
    expect(feedbackPagePath({ from: '//evil.example/x' }, 'not a url', origin)).toBeNull();
    expect(feedbackPagePath(undefined, '', origin)).toBeNull();
  });
});
