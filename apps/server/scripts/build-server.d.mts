/** The server bundle `npm start` runs (build-server.mjs). */
export const SERVER_BUNDLE: string;
export function buildServer(): Promise<void>;
/** Builds the bundle when it is missing or older than its sources; whether it built. */
export function buildServerIfStale(): Promise<boolean>;
