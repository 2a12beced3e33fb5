// The server as one bundle for `npm start`: `node apps/server/scripts/build-server.mjs`.
// Loading the server through tsx resolves and transforms hundreds of modules at every start; the
// bundle starts in about 0.7 of that time (docs/design.md, "Start-up"). Tests and `npm run dev` keep
// running the sources through tsx.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isStale } from '../../../scripts/newest-mtime.mjs';

const server = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(server, 'dist');
export const SERVER_BUNDLE = path.join(outdir, 'main.mjs');
const sources = [path.join(server, 'src'), path.join(server, '..', '..', 'packages', 'contracts', 'src'), fileURLToPath(import.meta.url)];

/**
 * A module's own folder, where its files sit beside it (migrations, the corpus, the lay terms): the
 * bundle is elsewhere, so each `import.meta.dirname` of the sources becomes the path from the bundle
 * to that module's folder.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    // Packages stay imports (node_modules is there at run time); the workspace's own are bundled.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wink/') ? undefined : { path: args.path, external: true }));
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      if (text.includes('import.meta.dirname')) {
        const fromBundle = JSON.stringify(path.relative(outdir, path.dirname(args.path)));
        text = `import __bundlePath from 'node:path';\n${text.replaceAll('import.meta.dirname', `__bundlePath.join(import.meta.dirname, ${fromBundle})`)}`;
      }
      return { contents: text, loader: 'ts' };
    });
  },
};

export async function buildServer() {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(server, 'src', 'main.ts')],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    plugins: [sourceDirname],
    logLevel: 'warning',
  });
}

/** Builds the bundle when it is missing or older than the server's or the contracts' sources. */
export async function buildServerIfStale() {
  if (!isStale(SERVER_BUNDLE, sources)) return false;
  await buildServer();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`Server bundle: ${path.relative(process.cwd(), SERVER_BUNDLE)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
