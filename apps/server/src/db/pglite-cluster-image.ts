import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * An empty PostgreSQL cluster for the embedded database, made once at `npm install` and copied into
 * each new data folder. Creating a cluster in PGlite runs initdb in WebAssembly (3–4 s on the 2-core
 * development machine); unpacking the same cluster from this image takes about 1.2 s
 * (docs/design.md, "Start-up"). The image depends only on the PGlite release, so its name carries
 * that release's version and an upgraded PGlite makes its own.
 */

/** PGlite's package.json (its exports do not name it): the folder above its entry point that holds one. */
function pglitePackageFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'package.json');
}

/** Where the image of this PGlite release is kept: node_modules/.cache, beside the package it depends on. */
export function clusterImagePath(): string {
  const pglitePackage = pglitePackageFile();
  const { version } = JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string };
  const nodeModules = path.resolve(path.dirname(pglitePackage), '..', '..');
  return path.join(nodeModules, '.cache', 'wink-health', `pglite-${version}-empty-cluster.tar.gz`);
}

/** The image, or undefined when none was made (the data folder is then created by initdb, only slower). */
export function readClusterImage(): Blob | undefined {
  const file = clusterImagePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Makes the image (`npm install` runs this through apps/server/scripts/make-pglite-image.ts). */
export async function writeClusterImage(): Promise<string> {
  const file = clusterImagePath();
  const client = await PGlite.create();
  try {
    const image = await client.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a server never reads half an image.
    writeFileSync(`${file}.partial`, Buffer.from(await image.arrayBuffer()));
    renameSync(`${file}.partial`, file);
    return file;
  } finally {
    await client.close();
  }
}
