// When a build's output is older than its sources: `npm start` rebuilds what is stale.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Modification time of a file, or undefined when it does not exist. */
export function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Newest modification time of a file, or of any file below a folder (0 when missing). */
export function newest(path) {
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

/** Whether `output` is missing or older than any of `sources`. */
export const isStale = (output, sources) => {
  const built = mtime(output);
  return built === undefined || sources.some((source) => newest(source) > built);
};
