import { describe, expect, it } from 'vitest';
import { checkoutHref, encodeRedirect, formatPrice } from './plan-display';

function decodeRedirect(value: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
}

describe('formatPrice', () => {
  it.each([
    [999, '$9.99'],
    [1000, '$10'],
    [1050, '$10.50'],
    [5, '$0.05'],
    [0, '$0'],
    [120000, '$1,200'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });
});

describe('checkout links', () => {
  it('encodes the path as base64 of its UTF-8 bytes, so any character survives', () => {
    expect(encodeRedirect('/discussions/7?tab=members')).toBe(btoa('/discussions/7?tab=members'));
    expect(decodeRedirect(encodeRedirect('/search?q=café ☕'))).toBe('/search?q=café ☕');
  });

  it('adds the redirect as a percent-encoded query value, after any query the URL has', () => {
    const path = '/search?q=>>?'; // base64 with '+' and '/' in it
    const href = checkoutHref('https://pay.example/c/1?plan=a#top', path);
    const url = new URL(href);
    expect(url.searchParams.get('plan')).toBe('a');
    expect(decodeRedirect(url.searchParams.get('redirect')!)).toBe(path);
    expect(url.hash).toBe('#top');
  });

  it('is # without a checkout URL', () => {
    expect(checkoutHref(null, '/search')).toBe('#');
    expect(checkoutHref('', '/search')).toBe('#');
  });
});
