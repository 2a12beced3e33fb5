import { PASSWORD_MAX, PASSWORD_MIN, registerBody } from '@wink/contracts/auth';
import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MIN_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './validation';

const base = { name: 'Ada', display_name: 'Ada', email: 'ada@example.com', password: 'a'.repeat(8), password_confirmation: 'a'.repeat(8) };
const accepts = (overrides: Partial<typeof base>) => registerBody.safeParse({ ...base, ...overrides }).success;

describe('client limits mirror the contract', () => {
  it('password length', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(PASSWORD_MIN);
    expect(PASSWORD_MAX_LENGTH).toBe(PASSWORD_MAX);
  });

  it('name and display-name length', () => {
    expect(accepts({ name: 'a'.repeat(NAME_MAX_LENGTH) })).toBe(true);
    expect(accepts({ name: 'a'.repeat(NAME_MAX_LENGTH + 1) })).toBe(false);
    expect(accepts({ display_name: 'a'.repeat(DISPLAY_NAME_MIN_LENGTH) })).toBe(true);
    expect(accepts({ display_name: 'a'.repeat(DISPLAY_NAME_MIN_LENGTH - 1) })).toBe(false);
    expect(accepts({ display_name: 'a'.repeat(DISPLAY_NAME_MAX_LENGTH) })).toBe(true);
    expect(accepts({ display_name: 'a'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) })).toBe(false);
  });
});
