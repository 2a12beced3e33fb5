import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** The OpenAPI document as checked in: built from the routes' contracts, no database needed. */
export async function renderOpenApi(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wink-openapi-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, NODE_ENV: 'production', APP_URL: 'http://localhost:3000' });
  const database = await openDatabase({ dataDir: null });
  const app = await buildApp({ config, database, background: false, logger: false });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
