import { COMMENT_BODY_MAX, DISCUSSION_BODY_MAX, DISCUSSION_TITLE_MAX, createDiscussionBody } from '@wink/contracts/discussions';
import { toFieldErrors } from '@wink/contracts/validation';
import { describe, expect, it } from 'vitest';
import { t } from '../../../lib/i18n';
import { BODY_MAX, COMMENT_MAX, TITLE_MAX, TITLE_MIN, validateComment, validateDiscussion } from './discussion-validation';

describe('discussion validation', () => {
  it('uses the contract’s limits', () => {
    expect(TITLE_MAX).toBe(DISCUSSION_TITLE_MAX);
    expect(BODY_MAX).toBe(DISCUSSION_BODY_MAX);
    expect(COMMENT_MAX).toBe(COMMENT_BODY_MAX);
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
});
