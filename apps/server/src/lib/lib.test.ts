import { describe, expect, it } from 'vitest';
import { shortId } from './crypto';
import { checkSignedUrl, signUrl } from './signed-url';

describe('signed links', () => {
  const key = 'k'.repeat(40);
  const parts = (url: string) => {
    const u = new URL(url);
    return [u.pathname, u.searchParams.get('expires')!, u.searchParams.get('signature')!] as const;
  };

  it('accepts its own link until it expires', () => {
    const [path, expires, signature] = parts(signUrl(key, 'http://x', '/verify-email/a/b', 60, 1_000_000));
    expect(checkSignedUrl(key, path, expires, signature, 1_000_000)).toBe('valid');
    expect(checkSignedUrl(key, path, expires, signature, 1_000_000 + 61_000)).toBe('expired');
  });

  it('refuses another path, another expiry, another key, and junk', () => {
    const [path, expires, signature] = parts(signUrl(key, 'http://x', '/verify-email/a/b', 60));
    expect(checkSignedUrl(key, '/verify-email/a/c', expires, signature)).toBe('invalid');
    expect(checkSignedUrl(key, path, String(Number(expires) + 1), signature)).toBe('invalid');
    expect(checkSignedUrl('other'.repeat(8), path, expires, signature)).toBe('invalid');
    expect(checkSignedUrl(key, path, 'soon', 'xyz')).toBe('invalid');
  });
});

describe('short public ids', () => {
  it('are 10 URL-safe characters without look-alikes, and do not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => shortId()));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-km-zA-HJ-NP-Z]{10}$/);
  });
});
