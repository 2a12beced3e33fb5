/**
 * Bundle map of the web build: `npm run bench:web-map`.
 *
 * Builds the web app with source maps into a temporary folder (dist is left as it is) and prints, for
 * every chunk of at least MIN_KB gzipped, which packages and app folders its bytes come from: the
 * bytes of the minified output each source accounts for, and that slice gzipped on its own (a
 * package's weight if it were the only thing in the chunk; the slices sum to more than the chunk,
 * which compresses better as a whole). Chunk names come from the build's manifest.
 * Env: BENCH_WEB_MAP_MIN_KB (2): smallest chunk listed; BENCH_WEB_MAP_TOP (12): sources per chunk.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web');
const MIN_KB = Number(process.env.BENCH_WEB_MAP_MIN_KB ?? 2);
const TOP = Number(process.env.BENCH_WEB_MAP_TOP ?? 12);

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** `node_modules/@scope/name/…` → `@scope/name`; app sources → their folder under src (two levels). */
function owner(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = source.indexOf('src/');
  if (src >= 0) {
    const parts = source.slice(src).split('/');
    return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.join('/');
  }
  if (source.includes('packages/contracts')) return '@wink/contracts';
  return source.replace(/^(\.\.\/)+/, '');
}

/** Splits the generated code into the spans each source accounts for, grouped by owner. */
function slices(code: string, map: SourceMap): Map<string, string[]> {
  const lines = code.split('\n');
  const byOwner = new Map<string, string[]>();
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.[0] ?? line.length;
      const name = segment.length > 1 ? owner(map.sources[segment[1]!]!) : '(unmapped)';
      const list = byOwner.get(name) ?? [];
      list.push(line.slice(segment[0], end));
      byOwner.set(name, list);
    });
  });
  return byOwner;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const outDir = mkdtempSync(path.join(tmpdir(), 'wink-web-map-'));
  try {
    execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir'], {
      cwd: WEB,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string; src?: string }
    >;
    const names = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, chunk.src ?? chunk.name ?? key]));
    const chunks = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => {
        const code = readFileSync(path.join(outDir, 'assets', file), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
        return { file: `assets/${file}`, code, gzip: gzipSync(code, { level: 9 }).length };
      })
      .filter((chunk) => chunk.gzip >= MIN_KB * 1024)
      .sort((a, b) => b.gzip - a.gzip);
    for (const chunk of chunks) {
      const map = JSON.parse(readFileSync(path.join(outDir, `${chunk.file}.map`), 'utf8')) as SourceMap;
      const owners = [...slices(chunk.code, map)]
        .map(([name, parts]) => {
          const text = parts.join('');
          return { name, raw: text.length, gzip: gzipSync(text, { level: 9 }).length };
        })
        .sort((a, b) => b.gzip - a.gzip);
      console.log(`\n${chunk.file}  ${names.get(chunk.file) ?? ''}  ${kb(chunk.code.length)} raw, ${kb(chunk.gzip)} gzip -9`);
      for (const o of owners.slice(0, TOP)) console.log(`  ${kb(o.gzip).padStart(9)} ${kb(o.raw).padStart(10)} raw  ${o.name}`);
      if (owners.length > TOP) console.log(`  … ${owners.length - TOP} more`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

main();
