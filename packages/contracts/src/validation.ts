import { z } from 'zod';

/**
 * Turns zod issues into the wire's 422 shape: one or more sentences per field,
 * worded the way the product's Laravel-speaking client expects ("The email field is required.").
 * Server and web both use this, so a form shows the same sentence the server would send.
 */
export type FieldErrors = Record<string, string[]>;

const attributeOf = (path: readonly PropertyKey[]): string => {
  const last = [...path].reverse().find((p) => typeof p === 'string');
  return (typeof last === 'string' ? last : 'value').replace(/_/g, ' ');
};

const fieldKeyOf = (path: readonly PropertyKey[]): string => (path.length === 0 ? '_' : path.map(String).join('.'));

interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  expected?: string;
  format?: string;
  inclusive?: boolean;
  keys?: string[];
}

function describeIssue(issue: IssueLike): string {
  const attr = attributeOf(issue.path);
  const units = issue.origin === 'array' || issue.origin === 'set' ? 'items' : 'characters';
  switch (issue.code) {
    case 'custom':
      return issue.message;
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `The ${attr} field is required.`;
      return `The ${attr} field must be ${articleFor(issue.expected)}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `The ${attr} field is required.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return `The ${attr} field must be at least ${issue.minimum}.`;
      if (units === 'items') return `The ${attr} field must have at least ${countOf(issue.minimum, 'item')}.`;
      return `The ${attr} field must be at least ${countOf(issue.minimum, 'character')}.`;
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return `The ${attr} field must not be greater than ${issue.maximum}.`;
      if (units === 'items') return `The ${attr} field must not have more than ${countOf(issue.maximum, 'item')}.`;
      return `The ${attr} field must not be greater than ${countOf(issue.maximum, 'character')}.`;
    case 'invalid_format':
      if (issue.format === 'email') return `The ${attr} field must be a valid email address.`;
      if (issue.format === 'url') return `The ${attr} field must be a valid URL.`;
      if (issue.format === 'datetime') return `The ${attr} field must be a valid date.`;
      return `The ${attr} field format is invalid.`;
    case 'invalid_value':
    case 'invalid_union':
      if (issue.input === undefined || issue.input === null) return `The ${attr} field is required.`;
      return `The selected ${attr} is invalid.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys && issue.keys.length > 1 ? 's' : ''}: ${(issue.keys ?? []).join(', ')}.`;
    default:
      return `The ${attr} field is invalid.`;
  }
}

const countOf = (n: number | bigint | undefined, noun: string) => `${n} ${noun}${Number(n) === 1 ? '' : 's'}`;

function articleFor(expected: string | undefined): string {
  switch (expected) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
    case 'record':
      return 'an object';
    default:
      return `of type ${expected ?? 'unknown'}`;
  }
}

const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );

/**
 * `input` is what was parsed: zod 4 leaves it out of issues, and it tells a missing field
 * ("is required") from one of the wrong type ("must be a string").
 */
export function toFieldErrors(error: z.ZodError, input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = fieldKeyOf(issue.path);
    const withInput = 'input' in issue ? issue : { ...issue, input: valueAt(input, issue.path) };
    const sentence = describeIssue(withInput as unknown as IssueLike);
    const list = (errors[key] ??= []);
    if (!list.includes(sentence)) list.push(sentence);
  }
  return errors;
}

/** Laravel's summary: the first sentence, and how many more there are. */
export function summarizeFieldErrors(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  const more = all.length - 1;
  return more === 0 ? all[0]! : `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})`;
}

/** A boolean that also accepts the wire's 1/0 and form strings. */
export const wireBoolean = z.preprocess((value) => {
  if (value === 1 || value === '1' || value === 'true' || value === 'on') return true;
  if (value === 0 || value === '0' || value === 'false' || value === 'off' || value === '') return false;
  return value;
}, z.boolean());

/** An integer that also accepts numeric strings from urlencoded or multipart bodies. */
export const wireInt = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number().int().min(min).max(max),
  );

/** A trimmed string whose blank form counts as missing. */
export const text = (min: number, max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(min).max(max));

export const emailAddress = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.string().min(1).max(254).pipe(z.email()),
);

/** How deeply a request's body or query may nest objects and lists; no form of ours needs more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The text with each NUL and unpaired surrogate replaced by U+FFFD, as a UTF-8 decoder treats bytes that are not text. */
export const replaceUntakeableText = (text: string): string =>
  text.replace(new RegExp(`${NUL.source}|${LONE_SURROGATE.source}`, 'g'), '\ufffd');

/** Why a piece of text cannot be taken: PostgreSQL refuses NUL in text, and an unpaired surrogate is not text at all. */
function textProblem(text: string): 'nul' | 'surrogate' | null {
  if (NUL.test(text)) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/**
 * Walks a parsed body, query or path (iteratively: a hostile body may nest thousands of levels) and
 * names each field whose text, or whose own name, contains a NUL character or an unpaired surrogate,
 * or that nests deeper than MAX_INPUT_DEPTH. Null when the input is fine. One check for every
 * endpoint, before any schema: no such text ever reaches the database or a model.
 */
export function invalidInputErrors(input: unknown, limit = 20): FieldErrors | null {
  const errors: FieldErrors = {};
  let count = 0;
  const add = (path: readonly PropertyKey[], sentence: string) => {
    const key = fieldKeyOf(path.map((p) => (typeof p === 'string' && textProblem(p) ? '?' : p)));
    const list = (errors[key] ??= []);
    if (!list.includes(sentence)) list.push(sentence);
    count++;
  };
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length && count < limit) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem === 'nul') add(path, `The ${attributeOf(path)} field must not contain NUL characters.`);
      else if (problem === 'surrogate') add(path, `The ${attributeOf(path)} field must be valid Unicode text.`);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      add(path.slice(0, 1), `The ${attributeOf(path.slice(0, 1))} field is nested too deeply.`);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, Array.isArray(value) ? Number(key) : key];
      if (!Array.isArray(value) && textProblem(key)) {
        add(path, `The ${attributeOf(path)} field has a field name that is not valid text.`);
        continue;
      }
      stack.push({ value: child, path: childPath });
    }
  }
  return count ? errors : null;
}
