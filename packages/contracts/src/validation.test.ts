import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerBody } from './auth';
import { updateSettingsBody } from './user';
import {
  invalidInputErrors,
  MAX_INPUT_DEPTH,
  replaceUntakeableText,
  summarizeFieldErrors,
  toFieldErrors,
  wireBoolean,
  wireInt,
} from './validation';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return toFieldErrors(result.error, input);
};

describe('422 sentences', () => {
  it('words each field the way the client shows it', () => {
    const errors = errorsOf(registerBody, {
      name: '   ',
      display_name: 'A',
      email: 'not-an-address',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(errors).toEqual({
      name: ['The name field is required.'],
      display_name: ['The display name field must be at least 2 characters.'],
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be at least 8 characters.', 'The password field confirmation does not match.'],
    });
  });

  it('says "required" for a missing field and names the type for a wrong one', () => {
    const errors = errorsOf(z.object({ email: z.string(), count: z.number() }), { count: 'three' });
    expect(errors.email).toEqual(['The email field is required.']);
    expect(errors.count).toEqual(['The count field must be a number.']);
  });

  it('keys nested fields by their dotted path', () => {
    const errors = errorsOf(z.object({ events: z.array(z.object({ name: z.enum(['a', 'b']) })) }), {
      events: [{ name: 'a' }, { name: 'c' }],
    });
    expect(errors).toEqual({ 'events.1.name': ['The selected name is invalid.'] });
  });

  it('summarises like Laravel: the first sentence and how many more', () => {
    expect(summarizeFieldErrors({ a: ['First.'], b: ['Second.', 'Third.'] })).toBe('First. (and 2 more errors)');
    expect(summarizeFieldErrors({ a: ['Only.'] })).toBe('Only.');
  });

  it('rejects unknown fields on strict bodies', () => {
    expect(errorsOf(updateSettingsBody, { role: 'admin' })).toEqual({ _: ['Unknown field: role.'] });
  });
});

describe('wire values', () => {
  it.each([
    [1, true],
    ['1', true],
    [true, true],
    ['true', true],
    ['on', true],
    [0, false],
    ['0', false],
    [false, false],
    ['false', false],
    ['', false],
  ])('reads %j as the boolean %s', (input, expected) => {
    expect(wireBoolean.parse(input)).toBe(expected);
  });

  it('refuses values that are not booleans', () => {
    expect(wireBoolean.safeParse('yes please').success).toBe(false);
    expect(wireBoolean.safeParse(2).success).toBe(false);
  });

  it('reads whole numbers from form strings, within bounds', () => {
    expect(wireInt(1, 5).parse('4')).toBe(4);
    expect(wireInt(1, 5).safeParse('6').success).toBe(false);
    expect(wireInt(1, 5).safeParse('4.5').success).toBe(false);
  });
});

describe('text no field may hold', () => {
  it('passes ordinary input, emoji and paired surrogates included', () => {
    expect(invalidInputErrors({ title: 'Sleep 😴', tags: ['a', 'b'], n: 1, nested: { ok: null } })).toBeNull();
    expect(invalidInputErrors(undefined)).toBeNull();
  });

  it('names each field holding a NUL character or an unpaired surrogate, nested ones by their path', () => {
    expect(invalidInputErrors({ token: 'a\u0000b', profile: { display_name: 'x\ud800' }, list: ['ok', '\udc00'] })).toEqual({
      token: ['The token field must not contain NUL characters.'],
      'profile.display_name': ['The display name field must be valid Unicode text.'],
      'list.1': ['The list field must be valid Unicode text.'],
    });
    expect(invalidInputErrors('\u0000')).toEqual({ _: ['The value field must not contain NUL characters.'] });
  });

  it('refuses field names that are not text, and nesting deeper than the limit, without recursing', () => {
    expect(invalidInputErrors({ properties: { 'a\u0000': 1 } })).toEqual({
      properties: ['The properties field has a field name that is not valid text.'],
    });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(invalidInputErrors({ events: deep })).toEqual({ events: ['The events field is nested too deeply.'] });
    let fine: unknown = 1;
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = [fine];
    expect(invalidInputErrors(fine)).toBeNull();
  });

  it('turns NUL and unpaired surrogates into U+FFFD and leaves other text alone', () => {
    expect(replaceUntakeableText('a\u0000b\ud800c😴')).toBe('a\ufffdb\ufffdc😴');
  });
});
