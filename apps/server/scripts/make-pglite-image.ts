// `npm install` (postinstall): the embedded database's empty cluster image (src/db/pglite-cluster-image.ts).
// A failure only makes the first start slower, so it never fails the install.
import { writeClusterImage } from '../src/db/pglite-cluster-image';

try {
  const started = performance.now();
  const file = await writeClusterImage();
  console.log(`Embedded database: empty cluster image made in ${((performance.now() - started) / 1000).toFixed(1)} s (${file})`);
} catch (err) {
  console.warn(
    `Embedded database: no cluster image (${(err as Error).message}); a new data folder will be created by initdb, only slower.`,
  );
}
