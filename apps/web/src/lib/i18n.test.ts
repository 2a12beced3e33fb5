import { describe, expect, it } from 'vitest';
import { t, type TranslationKey } from './i18n';

describe('t', () => {
  it('reads nested keys', () => {
    expect(t('nav.discussions')).toBe('Discussions');
  });

  it('picks the plural form from count and interpolates it', () => {
    expect(t('maintenanceDialog.retryIn', { count: 1 })).toBe('Try again in 1 second');
    expect(t('maintenanceDialog.retryIn', { count: 7 })).toBe('Try again in 7 seconds');
  });

  it('formats dates with Intl options written in the message', () => {
    expect(t('subscription.page.trialEnds', { date: '2026-12-05T10:00:00Z' })).toBe('Your trial ends on December 5, 2026');
  });

  it('leaves unknown placeholders visible and answers the key itself when a message is missing', () => {
    expect(t('nav.discussions', { unused: 1 })).toBe('Discussions');
    expect(t('no.such.key' as TranslationKey)).toBe('no.such.key');
  });
});
