// `npm start`: build the web app when its output is stale, then run the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Newest modification time of a file, or of any file below a folder. */
function newest(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function webBuildIsStale() {
  const built = mtime(builtIndex);
  if (built === undefined) return true;
  return webSources.some((source) => newest(source) > built);
}

if (webBuildIsStale()) {
  console.log('[start] building the web app (apps/web/dist is missing or older than its sources)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@wink/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[start] the web build failed; not starting the server');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
