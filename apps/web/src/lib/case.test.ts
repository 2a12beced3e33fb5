import { describe, expect, it } from 'vitest';
import { camelCaseKey, camelizeKeys, snakeCaseKey, snakeizeKeys } from './case';

describe('key conversion (docs/wire.md)', () => {
  it.each([
    ['retry_after', 'retryAfter'],
    ['email_verified_at', 'emailVerifiedAt'],
    ['sri_id', 'sriId'],
    ['address_line_2', 'addressLine2'],
    ['status', 'status'],
  ])('camelCases %s as %s', (snake, camel) => {
    expect(camelCaseKey(snake)).toBe(camel);
  });

  it.each([
    ['trialEndsAt', 'trial_ends_at'],
    ['deviceName', 'device_name'],
    ['_method', '_method'],
    ['q', 'q'],
  ])('snake_cases %s as %s', (camel, snake) => {
    expect(snakeCaseKey(camel)).toBe(snake);
  });

  it('camelizes the keys of nested objects and arrays, never the values', () => {
    const wire = {
      data: {
        display_name: 'Ada',
        trial_ends_at: null,
        settings: { email_notifications: true, push_notifications: false },
        mesh_terms: [{ ui: 'D003924', is_major: true }],
        subscription: 'leader_subscription',
      },
      meta: { next_cursor: 'abc_def', total: 2 },
    };
    expect(camelizeKeys(wire)).toEqual({
      data: {
        displayName: 'Ada',
        trialEndsAt: null,
        settings: { emailNotifications: true, pushNotifications: false },
        meshTerms: [{ ui: 'D003924', isMajor: true }],
        subscription: 'leader_subscription',
      },
      meta: { nextCursor: 'abc_def', total: 2 },
    });
  });

  it('leaves dates, files and primitives alone', () => {
    const when = new Date('2025-01-01T00:00:00Z');
    const file = new Blob(['x']);
    const result = snakeizeKeys({ publishedAt: when, upload: file, tags: ['a_b'], count: 3 }) as Record<string, unknown>;
    expect(result).toEqual({ published_at: when, upload: file, tags: ['a_b'], count: 3 });
    expect(result.published_at).toBe(when);
    expect(result.upload).toBe(file);
    expect(camelizeKeys('plain_text')).toBe('plain_text');
    expect(camelizeKeys(null)).toBeNull();
  });

  it('round-trips camelCase through the wire', () => {
    const app = { displayName: 'Ada', settings: { webNotifications: true } };
    expect(camelizeKeys(snakeizeKeys(app))).toEqual(app);
  });
});
