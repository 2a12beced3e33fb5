import type { User } from '@wink/contracts';
import { expect, test } from '../fixtures/server';
import { expectNoSeriousAxeViolations } from '../support/axe';

test.describe('platform', () => {
  test('the root sends a guest to sign in, on a page that is titled, served by a healthy API and accessible', async ({ page }) => {
    await page.goto('/');
    // The root redirects home (search), which requires sign-in: either hop may be the way back.
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2F(search)?$/);
    await expect(page).toHaveTitle('Wink Health');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wink Health, home' })).toBeVisible();

    const health = await page.request.get('/api/');
    expect(health.status()).toBe(200);
    expect(((await health.json()) as { status?: unknown }).status).toBe('ok');

    await expectNoSeriousAxeViolations(page);
  });

  test('csrf cookie, registration and the current user over the wire', async ({ page }) => {
    const request = page.request;

    const csrf = await request.get('/sanctum/csrf-cookie');
    expect(csrf.status()).toBe(204);
    const cookies = await page.context().cookies();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(xsrf, 'GET /sanctum/csrf-cookie sets XSRF-TOKEN').toBeDefined();
    const xsrfHeader = decodeURIComponent(xsrf?.value ?? '');

    const email = `e2e-${Date.now()}@example.test`;
    const registered = await request.post('/register', {
      headers: { 'X-XSRF-TOKEN': xsrfHeader, Accept: 'application/json' },
      data: {
        name: 'Erin Example',
        display_name: 'erin',
        email,
        password: 'correct horse battery staple',
        password_confirmation: 'correct horse battery staple',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const registeredBody = (await registered.json()) as { data: Pick<User, 'email'> };
    expect(registeredBody.data.email).toBe(email);

    const me = await request.get('/api/user', { headers: { Accept: 'application/json' } });
    expect(me.status(), await me.text()).toBe(200);
    const { data: user } = (await me.json()) as { data: User };
    expect(user.email).toBe(email);
    expect(user.trial_ends_at, 'a new account starts a trial').not.toBeNull();
    expect(Date.parse(user.trial_ends_at ?? '')).toBeGreaterThan(Date.now());
  });

  test('maintenance mode: down answers 503 on the API but still serves the page, up restores it', async ({ page, server }) => {
    const request = page.request;

    const down = await server.cli(['down', '--retry=120']);
    expect(down.code, down.stdout + down.stderr).toBe(0);

    try {
      // The CLI changes shared state; running servers pick it up within 2 s.
      await expect.poll(async () => (await request.get('/api/')).status(), { timeout: 3_000, intervals: [100] }).toBe(503);
      const health = await request.get('/api/');
      expect(health.status()).toBe(503);
      expect(health.headers()['retry-after']).toBe('120');
      const body = (await health.json()) as { message?: unknown; maintenance?: { retry_after?: unknown } };
      expect(typeof body.message).toBe('string');
      expect(body.maintenance?.retry_after).toBe(120);

      const home = await request.get('/', { headers: { Accept: 'text/html' } });
      expect(home.status()).toBe(200);
      expect(home.headers()['content-type']).toContain('text/html');
      expect(await home.text()).toContain('<title>Wink Health</title>');

      // The app still loads, and its first API request (the current user) opens the maintenance dialog.
      await page.goto('/');
      await expect(page.getByRole('alertdialog', { name: 'Down for maintenance' })).toBeVisible();
    } finally {
      const up = await server.cli(['up']);
      expect(up.code, up.stdout + up.stderr).toBe(0);
    }

    await expect.poll(async () => (await request.get('/api/')).status(), { timeout: 3_000, intervals: [100] }).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
