import { describe, expect, it } from 'vitest';
import { decodeReturnPath, isOwnPath } from '../../src/plugins/app/billing/return-path';
import { nextPeriodEnd } from '../../src/plugins/app/billing/subscription-lifecycle';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('the checkout redirect parameter', () => {
  it.each([
    ['/user/subscription', '/user/subscription'],
    ['/search?q=heart%20attack&mo=1', '/search?q=heart%20attack&mo=1'],
    ['/discussions/abc#comments', '/discussions/abc#comments'],
    ['/collections/ünïcode', '/collections/ünïcode'],
  ])('a path on our origin (%s) is kept', (path, expected) => {
    expect(decodeReturnPath(b64(path))).toBe(expected);
  });

  it('accepts the URL-safe alphabet and missing padding too', () => {
    const path = '/search?q=a>b??';
    expect(decodeReturnPath(Buffer.from(path).toString('base64url'))).toBe(path);
    expect(decodeReturnPath(b64('/ab').replace(/=+$/, ''))).toBe('/ab');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['an array', ['/a']],
    ['not base64', 'not base64!'],
    ['base64 of bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x2f]).toString('base64')],
    ['an absolute URL', b64('https://evil.example/')],
    ['protocol-relative', b64('//evil.example/')],
    ['a backslash host', b64('/\\evil.example')],
    ['a backslash further on', b64('/a\\..\\..\\evil')],
    ['javascript:', b64('javascript:alert(1)')],
    ['relative', b64('user/subscription')],
    ['a header smuggled in', b64('/a\r\nSet-Cookie: x=1')],
    ['a tab-split scheme', b64('/\t/evil.example')],
    ['too long', b64(`/${'a'.repeat(5000)}`)],
  ])('%s falls back to home', (_label, value) => {
    expect(decodeReturnPath(value)).toBe('/');
  });

  it('only paths that stay on the origin count as our own', () => {
    expect(isOwnPath('/')).toBe(true);
    expect(isOwnPath('/%2F%2Fevil.example')).toBe(true);
    expect(isOwnPath('//evil.example')).toBe(false);
  });
});

describe('the end of a period', () => {
  it('is one interval on, past now when renewals were missed', () => {
    const from = new Date('2026-01-31T12:00:00Z');
    expect(nextPeriodEnd('month', from, new Date('2026-02-01T00:00:00Z'))!.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(nextPeriodEnd('year', from, from)!.toISOString()).toBe('2027-01-31T12:00:00.000Z');
    expect(nextPeriodEnd('week', from, new Date('2026-02-20T00:00:00Z'))!.toISOString()).toBe('2026-02-21T12:00:00.000Z');
    expect(nextPeriodEnd('month', from, new Date('2026-03-01T00:00:00Z'))!.toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(nextPeriodEnd(null, from)).toBeNull();
  });
});
