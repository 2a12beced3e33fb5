import { fileURLToPath } from 'node:url';

/** The monorepo's root: the server and its CLI are started from here. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Everything a run leaves behind (report, results, screenshots, server logs); git-ignored. */
export const artifactsDir = fileURLToPath(new URL('.artifacts/', import.meta.url));
export const screenshotsDir = fileURLToPath(new URL('.artifacts/screenshots/', import.meta.url));
export const serverLogsDir = fileURLToPath(new URL('.artifacts/server-logs/', import.meta.url));
