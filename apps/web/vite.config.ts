import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Paths the server answers under the web base (Sanctum-style auth) plus the API itself; the dev
// server forwards them so the browser sees one origin, as it does in production.
const serverPaths = ['/api', '/sanctum', '/login', '/logout', '/register', '/check-email', '/forgot-password', '/reset-password'];

const target = 'http://127.0.0.1:3000';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function buildId(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target, changeOrigin: false }])),
  },
});
