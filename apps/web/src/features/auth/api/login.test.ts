import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '../../../config';
import { writeCookie } from '../../../lib/cookies';
import { fakeServer, json } from '../../../test/fake-server';
import { login } from './login';

vi.mock('../../../lib/cookies', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/cookies')>();
  return { ...original, writeCookie: vi.fn(original.writeCookie) };
});

const config = appConfig as { tokenMode: boolean };

afterEach(() => {
  config.tokenMode = false;
});

describe('token-mode login', () => {
  it('keeps the token for the configured lifetime when "remember me" is set', async () => {
    config.tokenMode = true;
    fakeServer({ 'POST /api/auth/login': () => json(200, { data: { token: 't-1' } }) });

    await login({ email: 'ada@example.com', password: 'pw', remember: true });

    expect(writeCookie).toHaveBeenCalledWith('auth_token', 't-1', 365);
  });

  it('keeps it for the browser session only without "remember me"', async () => {
    config.tokenMode = true;
    fakeServer({ 'POST /api/auth/login': () => json(200, { data: { token: 't-2' } }) });

    await login({ email: 'ada@example.com', password: 'pw', remember: false });

    expect(writeCookie).toHaveBeenCalledWith('auth_token', 't-2', undefined);
  });
});
