// `npm start`: build the web app and the server when their output is stale, then run the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, SERVER_BUNDLE } from '../apps/server/scripts/build-server.mjs';
import { isStale } from './newest-mtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps', 'web');
const builtIndex = join(web, 'dist', 'index.html');
const webSources = [
  join(web, 'src'),
  join(web, 'build'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, '.env'),
  join(web, 'public'),
  join(root, 'packages', 'contracts', 'src'),
];

const webBuildIsStale = () => isStale(builtIndex, webSources);

if (webBuildIsStale()) {
  console.log('[start] building the web app (apps/web/dist is missing or older than its sources)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@wink/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[start] the web build failed; not starting the server');
    process.exit(build.status ?? 1);
  }
}

// The server runs as one bundle, rebuilt (about a second) when its sources changed.
try {
  if (await buildServerIfStale()) console.log('[start] built the server (apps/server/dist was missing or older than its sources)');
} catch (error) {
  console.error('[start] the server build failed; not starting the server:', error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error('[start] could not start the server:', error.message);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  // A child ended by a signal exits the conventional 128 + signal number.
  if (code !== null) process.exit(code);
  const signals = { SIGINT: 2, SIGTERM: 15, SIGKILL: 9 };
  process.exit(128 + (signals[signal] ?? 1));
});
