/**
 * Fails when generated files differ from what is checked in: the migrations (drizzle-kit against
 * the schema) and the OpenAPI document (against the routes' contracts). Run by CI on a fresh clone.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { renderOpenApi } from '../src/cli/openapi';

const root = path.resolve(import.meta.dirname, '..');
let failed = false;

execFileSync('npx', ['drizzle-kit', 'generate'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const drift = execFileSync('git', ['status', '--porcelain', '--', 'src/db/migrations'], { cwd: root, encoding: 'utf8' }).trim();
if (drift) {
  failed = true;
  console.error(
    `The schema and the migrations disagree. drizzle-kit generated:\n${drift}\nCommit the new migration (npm run db:generate -w @wink/server).`,
  );
} else {
  console.log('Migrations match the schema.');
}

const openapiFile = path.join(root, 'openapi.json');
const checkedIn = await readFile(openapiFile, 'utf8').catch(() => '');
if (checkedIn !== (await renderOpenApi())) {
  failed = true;
  console.error('openapi.json is out of date. Regenerate it: npm run openapi -w @wink/server');
} else {
  console.log('openapi.json matches the routes.');
}

process.exit(failed ? 1 : 0);
