import { ApiError } from '../../../lib/api-client';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import type { TFunction } from '../../../lib/i18n';

/**
 * Limits of `createDiscussionBody` and `createCommentBody` in @wink/contracts/discussions, copied
 * rather than imported: that module builds zod schemas on load and would drag zod into these chunks.
 * discussion-validation.test.ts keeps the copies equal to the contract.
 */
export const TITLE_MIN = 3;
export const TITLE_MAX = 200;
export const BODY_MAX = 20_000;
export const COMMENT_MAX = 10_000;
/** The public summary of an invite-only discussion (`discussionSummary` in the contract). */
export const SUMMARY_MAX = 300;
// Control characters are what this rejects, so the pattern has to name them.
// eslint-disable-next-line no-control-regex
const SUMMARY_MARKUP = /<\/?[a-z!?][^>]*>|!?\[[^\]]*\]\([^)]*\)|\*\*|__|~~|`|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/i;

/** The summary as the server stores it: runs of white space as one space, blank as none. */
export const cleanSummary = (summary: string): string | null => summary.replace(/\s+/g, ' ').trim() || null;

export type FieldErrors = Partial<Record<'title' | 'body' | 'summary' | 'accessType' | 'articleId', string>>;

/** The server's sentences for the same rules (contracts/validation.ts), so both sides say the same thing. */
function checkText(value: string, field: string, min: number, max: number, t: TFunction): string | undefined {
  const length = value.trim().length;
  // As the server words it: "required" only where one character is enough, otherwise the minimum.
  if (length < min)
    return min === 1 ? t('discussions.validation.required', { field }) : t('discussions.validation.tooShort', { field, count: min });
  if (length > max) return t('discussions.validation.tooLong', { field, count: max });
  return undefined;
}

function checkSummary(input: string, t: TFunction): string | undefined {
  const summary = cleanSummary(input);
  if (summary === null) return undefined;
  if (summary.length > SUMMARY_MAX) return t('discussions.validation.tooLong', { field: 'summary', count: SUMMARY_MAX });
  if (SUMMARY_MARKUP.test(summary)) return t('discussions.validation.summaryNotPlain');
  return undefined;
}

/** `summary` is checked only when given (the form passes it for invite-only discussions alone). */
export function validateDiscussion(input: { title: string; body: string; summary?: string }, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  const title = checkText(input.title, 'title', TITLE_MIN, TITLE_MAX, t);
  const body = checkText(input.body, 'body', 1, BODY_MAX, t);
  const summary = input.summary === undefined ? undefined : checkSummary(input.summary, t);
  if (title) errors.title = title;
  if (body) errors.body = body;
  if (summary) errors.summary = summary;
  return errors;
}

export function validateComment(body: string, t: TFunction): string | undefined {
  return checkText(body, 'body', 1, COMMENT_MAX, t);
}

/**
 * A form's own reaction to a failed submit: a 422's sentences go under their fields (camelCased
 * names; one without field errors keeps its message under `form`), anything else goes to the error
 * catalogue (docs/wire.md). The mutations are silent so nothing shows twice.
 */
export function reportFormError(error: unknown, show: (errors: Record<string, string>) => void): void {
  if (error instanceof ApiError && error.status === 422) {
    const fields = error.fieldErrors();
    show(Object.keys(fields).length > 0 ? fields : { form: error.data.message ?? error.message });
    return;
  }
  handleRequestError(error);
}
