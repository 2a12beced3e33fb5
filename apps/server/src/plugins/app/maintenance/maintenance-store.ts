import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appState } from '../../../db/schema/index';

export interface MaintenanceState {
  retry_after: number;
  since: string;
}

/**
 * Where maintenance mode lives, shared by every server process on the same data:
 * a file in the data folder for the embedded database (PGlite allows one process per folder,
 * so the CLI cannot open it while the server runs), a row in `app_state` on PostgreSQL.
 */
export interface MaintenanceStore {
  read(): Promise<MaintenanceState | null>;
  write(state: MaintenanceState | null): Promise<void>;
}

export function fileMaintenanceStore(dataDir: string): MaintenanceStore {
  const file = path.join(dataDir, 'maintenance.json');
  return {
    async read() {
      try {
        return JSON.parse(await readFile(file, 'utf8')) as MaintenanceState;
      } catch {
        return null;
      }
    },
    async write(state) {
      if (!state) return rm(file, { force: true });
      await mkdir(dataDir, { recursive: true });
      await writeFile(`${file}.tmp`, JSON.stringify(state));
      // rename is atomic, so a reader never sees half a file
      await rename(`${file}.tmp`, file);
    },
  };
}

const KEY = 'maintenance';

export function databaseMaintenanceStore(db: Db): MaintenanceStore {
  return {
    async read() {
      const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
      return (row?.value as MaintenanceState | undefined) ?? null;
    },
    async write(state) {
      if (!state) {
        await db.delete(appState).where(eq(appState.key, KEY));
        return;
      }
      await db
        .insert(appState)
        .values({ key: KEY, value: state })
        .onConflictDoUpdate({ target: appState.key, set: { value: state, updatedAt: new Date() } });
    },
  };
}

/** Polls the store so that `npm run down` reaches every running process within a poll interval. */
export class MaintenanceMode {
  private state: MaintenanceState | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Bumped around each `set`, so a poll that read the store before the switch cannot undo it. */
  private generation = 0;

  constructor(
    readonly store: MaintenanceStore,
    private pollMs: number,
  ) {}

  get current(): MaintenanceState | null {
    return this.state;
  }

  async refresh(): Promise<void> {
    const generation = this.generation;
    const state = await this.store.read().catch(() => this.state);
    // A switch made in this process while the read was under way wins over what the read saw.
    if (generation === this.generation) this.state = state;
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async set(state: MaintenanceState | null): Promise<void> {
    this.generation++;
    await this.store.write(state);
    this.generation++;
    this.state = state;
  }
}
