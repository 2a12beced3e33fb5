import { describe, expect, it } from 'vitest';
import { encodeBody, flattenBody } from './form-encoding';

describe('form bodies (docs/wire.md)', () => {
  it('sends booleans as 1/0 and snake_cases the keys', () => {
    expect(flattenBody({ remember: true, newsletterSubscription: false, email: 'a@b.c' })).toEqual([
      ['remember', '1'],
      ['newsletter_subscription', '0'],
      ['email', 'a@b.c'],
    ]);
  });

  it('flattens nested objects to key[sub] and arrays to key[]', () => {
    expect(
      flattenBody({
        settings: { emailNotifications: true, webNotifications: false, channel: { pushEnabled: true } },
        tags: ['diabetes', 'diet'],
      }),
    ).toEqual([
      ['settings[email_notifications]', '1'],
      ['settings[web_notifications]', '0'],
      ['settings[channel][push_enabled]', '1'],
      ['tags[]', 'diabetes'],
      ['tags[]', 'diet'],
    ]);
  });

  it('indexes arrays of objects as key[0][sub]', () => {
    expect(flattenBody({ items: [{ articleId: 1 }, { articleId: 2, note: 'read' }] })).toEqual([
      ['items[0][article_id]', '1'],
      ['items[1][article_id]', '2'],
      ['items[1][note]', 'read'],
    ]);
  });

  it('leaves undefined out, sends null as empty, numbers and dates as text', () => {
    expect(flattenBody({ parentId: undefined, note: null, rating: 5, at: new Date('2025-02-03T04:05:06.000Z') })).toEqual([
      ['note', ''],
      ['rating', '5'],
      ['at', '2025-02-03T04:05:06.000Z'],
    ]);
  });

  it('url-encodes a body without files', () => {
    const body = encodeBody({ email: 'a+b@c.d', remember: true, _method: 'PATCH' });
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(body.toString()).toBe('email=a%2Bb%40c.d&remember=1&_method=PATCH');
  });

  it('switches to multipart when a Blob or File is present', () => {
    const avatar = new File(['png'], 'me.png', { type: 'image/png' });
    const body = encodeBody({ displayName: 'Ada', avatar, public: false });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('display_name')).toBe('Ada');
    expect(form.get('public')).toBe('0');
    expect((form.get('avatar') as File).name).toBe('me.png');
  });
});
