import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withScriptSources } from '../../src/plugins/external/security';
import { useTestApp } from '../support/test-app';

// A stand-in for apps/web/dist whose index.html has an inline script (the web app's before-hydration
// script) and a JSON data block, which never runs.
const SCRIPT = '(function(){document.documentElement.classList.add("dark")})()';
const distDir = mkdtempSync(path.join(tmpdir(), 'wink-dist-'));
writeFileSync(
  path.join(distDir, 'index.html'),
  `<!doctype html><html><head><script>${SCRIPT}</script><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div><script type="application/json" id="data">{}</script></body></html>`,
);
const scriptHash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

describe("the page's inline script under the content security policy", () => {
  const t = useTestApp({ env: { WEB_DIST_DIR: distDir } });

  it('is allowed by its hash, and only it, on the app page and on /index.html', async () => {
    for (const url of ['/search', '/index.html']) {
      const page = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      const scriptSrc = String(page.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src'));
      expect(scriptSrc?.trim(), url).toBe(`script-src 'self' ${scriptHash}`);
    }
  });

  it('is hashed from the exact text between the tags; scripts with a src and data blocks are not', () => {
    expect(
      inlineScriptHashes(`<script>${SCRIPT}</script><script type="application/json">{"a":1}</script><script src="/x.js"></script>`),
    ).toEqual([scriptHash]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  it('adds sources to script-src alone', () => {
    const policy = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'";
    expect(withScriptSources(policy, ["'sha256-abc'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc';style-src 'self' 'unsafe-inline'",
    );
    expect(withScriptSources(policy, [])).toBe(policy);
  });
});
