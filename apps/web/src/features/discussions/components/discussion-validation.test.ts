import {
  COMMENT_BODY_MAX,
  DISCUSSION_BODY_MAX,
  DISCUSSION_SUMMARY_MAX,
  DISCUSSION_TITLE_MAX,
  createDiscussionBody,
} from '@wink/contracts/discussions';
import { toFieldErrors } from '@wink/contracts/validation';
import { describe, expect, it } from 'vitest';
import { t } from '../../../lib/i18n';
import {
  BODY_MAX,
  cleanSummary,
  COMMENT_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
  TITLE_MIN,
  validateComment,
  validateDiscussion,
} from './discussion-validation';

describe('discussion validation', () => {
  it('uses the contract’s limits', () => {
    expect(TITLE_MAX).toBe(DISCUSSION_TITLE_MAX);
    expect(BODY_MAX).toBe(DISCUSSION_BODY_MAX);
    expect(COMMENT_MAX).toBe(COMMENT_BODY_MAX);
    expect(SUMMARY_MAX).toBe(DISCUSSION_SUMMARY_MAX);
    expect(createDiscussionBody.shape.title.safeParse('x'.repeat(TITLE_MIN)).success).toBe(true);
    expect(createDiscussionBody.shape.title.safeParse('x'.repeat(TITLE_MIN - 1)).success).toBe(false);
  });

  it.each([
    { title: '', body: '' },
    { title: 'Hi', body: '   ' },
    { title: 'x'.repeat(DISCUSSION_TITLE_MAX + 1), body: 'x'.repeat(DISCUSSION_BODY_MAX + 1) },
  ])('says what the server would say for %o', (input) => {
    const result = createDiscussionBody.safeParse({ ...input, access_type: 'public' });
    expect(result.success).toBe(false);
    const server = toFieldErrors(result.error!, input);
    expect(validateDiscussion(input, t)).toEqual({ title: server.title?.[0], body: server.body?.[0] });
  });

  it('accepts a complete discussion and a comment within limits', () => {
    expect(validateDiscussion({ title: 'Asthma', body: 'What helps?' }, t)).toEqual({});
    expect(validateComment('Me too', t)).toBeUndefined();
    expect(validateComment(' ', t)).toBe('The body field is required.');
  });

  it.each([
    'Plain words, with punctuation: 5 * 2 = 10 (roughly) and "quotes".',
    '  Spaces\n\nand lines  ',
    '   ',
    'x'.repeat(DISCUSSION_SUMMARY_MAX),
    'x'.repeat(DISCUSSION_SUMMARY_MAX + 1),
    'See <b>this</b>',
    '<script>alert(1)</script>',
    'A [link](https://example.org)',
    'An ![image](x.png)',
    'Very **bold**',
    '__under__',
    '~~gone~~',
    'Run `rm`',
    'Bell\u0007',
  ])('judges the summary %j as the server does', (summary) => {
    const input = { title: 'Asthma', body: 'What helps?', access_type: 'invite_only', summary };
    const result = createDiscussionBody.safeParse(input);
    const server = result.success ? undefined : toFieldErrors(result.error, input).summary?.[0];
    expect(validateDiscussion({ title: 'Asthma', body: 'What helps?', summary }, t).summary).toBe(server);
    if (result.success) expect(cleanSummary(summary)).toBe(result.data.summary);
  });
});
