import type { ChildProcess } from 'node:child_process';

type Task = () => Promise<void> | void;

const tasks: Task[] = [];
const children = new Set<ChildProcess>();

/** Runs `task` at cleanup (last registered, first run). Returns a function that runs it now, once. */
export function defer(task: Task): () => Promise<void> {
  let done = false;
  const once: Task = async () => {
    if (done) return;
    done = true;
    await task();
  };
  tasks.push(once);
  return async () => {
    tasks.splice(tasks.indexOf(once), 1);
    await once();
  };
}

/** A child killed with SIGKILL if this process exits while it still runs. */
export function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export async function runCleanup(): Promise<void> {
  while (tasks.length) {
    const task = tasks.pop()!;
    try {
      await task();
    } catch (err) {
      console.error('cleanup:', err instanceof Error ? err.message : err);
    }
  }
}

/** Cleans up on SIGINT/SIGTERM, and kills any child left on the way out whatever the cause. */
export function installCleanup(): void {
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping servers and cleaning up`);
      void runCleanup().finally(() => process.exit(130));
    });
  }
}
