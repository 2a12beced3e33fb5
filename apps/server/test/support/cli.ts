import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * The CLI as an operator runs it: its own process, on the embedded data folder `dataDir()` names
 * when called (tests create the folder in a hook), never the machine's DATABASE_URL.
 */
export function cliIn(dataDir: () => string) {
  return (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    delete env.INIT_CWD;
    return run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { cwd: serverDir, env });
  };
}
