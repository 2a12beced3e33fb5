import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** A write over HTTP from the person's own context (their cookies, their XSRF token). */
export async function apiPost(page: Page, path: string, data: Record<string, unknown> = {}) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post(`/api/${path}`, { headers: { 'x-xsrf-token': decodeURIComponent(xsrf) }, data });
  const text = await res.text();
  expect(res.status(), text).toBeLessThan(300);
  return (text ? JSON.parse(text) : {}) as { data: { id: string } };
}

/** The page address of a demo discussion (the demo content has one of each access type), found by its title. */
export async function demoDiscussionPath(page: Page, title: string): Promise<string> {
  const response = await page.request.get(`/api/discussions?q=${encodeURIComponent(`"${title}"`)}`, {
    headers: { Accept: 'application/json' },
  });
  const { data } = (await response.json()) as { data: { id: string; title: string }[] };
  const found = data.find((d) => d.title === title);
  if (!found) throw new Error(`no demo discussion "${title}"`);
  return `/discussions/${found.id}`;
}

/** The notification mails the server wrote to its outbox (no SMTP_URL in the browser suite) for one address. */
export async function outboxFor(dataDir: string, address: string) {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const mails = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as { to: string; subject: string; text: string }),
  );
  return mails.filter((mail) => mail.to === address && mail.text.includes('Unsubscribe: '));
}
