import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withRuntimeMeta } from '../../src/plugins/external/web-app';
import { useTestApp } from '../support/test-app';

// A stand-in for apps/web/dist: an index.html and one hashed asset.
const distDir = mkdtempSync(path.join(tmpdir(), 'wink-dist-'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Wink Health</title></head><body></body></html>');
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');

const DSN = 'https://public@o1.ingest.example.com/42';
const dsnMeta = `<meta name="wink:sentry-dsn" content="${DSN}" />`;

describe('the web app page', () => {
  const t = useTestApp({ env: { WEB_DIST_DIR: distDir } });

  it('carries no Sentry DSN when none is configured', async () => {
    const page = await t.app.inject({ url: '/discussions', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('wink:sentry-dsn');
  });

  it('serves the page when a browser opens a path that also takes a POST, and keeps 405 for API callers', async () => {
    for (const url of ['/register', '/forgot-password', '/reset-password/abc?email=a%40b.example']) {
      const page = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Wink Health</title>');
    }
    const json = await t.app.inject({ url: '/register', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(405);
    expect(json.headers.allow).toBe('POST');
  });

  it('carries the configured Sentry DSN on every route and on /index.html, which the service worker precaches', async () => {
    const app = await t.buildApp({ WEB_DIST_DIR: distDir, SENTRY_DSN: DSN });
    for (const url of ['/', '/search', '/index.html']) {
      const page = await app.inject({ url, headers: { accept: url === '/index.html' ? '*/*' : 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain(dsnMeta);
    }
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('escapes the DSN inside the attribute', () => {
    const html = withRuntimeMeta(Buffer.from('<head></head>'), { sentryDsn: 'https://a"b<c>&d@x.example/1' }).toString();
    expect(html).toContain('content="https://a&quot;b&lt;c&gt;&amp;d@x.example/1"');
  });
});
