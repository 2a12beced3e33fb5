/** A one-line progress bar on stderr (bytes read of the file's size); silent when stderr is not a terminal. */
export interface Progress {
  update(bytesRead: number, records: number): void;
  done(): void;
}

export const silentProgress: Progress = { update() {}, done() {} };

const WIDTH = 30;
const EVERY_MS = 100;

/** Redraws one line at most every EVERY_MS, and ends it when the work is done. */
function throttledLine(out: NodeJS.WriteStream) {
  let last = 0;
  let drawn = false;
  return {
    draw(line: () => string, force = false) {
      const now = Date.now();
      if (!force && now - last < EVERY_MS) return;
      last = now;
      out.write(`\r${line()}`);
      drawn = true;
    },
    end() {
      if (drawn) out.write('\n');
    },
  };
}

const bar = (ratio: number) => {
  const filled = Math.round(Math.min(1, ratio) * WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(Math.min(1, ratio) * 100).toFixed(0).padStart(3)}%`;
};

export function createProgress(label: string, totalBytes: number, out: NodeJS.WriteStream = process.stderr): Progress {
  if (!out.isTTY) return silentProgress;
  const line = throttledLine(out);
  const mb = (n: number) => (n / 1_048_576).toFixed(1);
  return {
    update(bytes, records) {
      const ratio = totalBytes > 0 ? bytes / totalBytes : 1;
      line.draw(() => `${label} ${bar(ratio)}  ${mb(bytes)}/${mb(totalBytes)} MB  ${records} records`);
    },
    done: () => line.end(),
  };
}

/** A bar for work counted in records whose total grows as it is found (a sync's searches): done of total. */
export interface CountProgress {
  update(done: number, total: number, note?: string): void;
  done(): void;
}

export const silentCountProgress: CountProgress = { update() {}, done() {} };

export function createCountProgress(label: string, out: NodeJS.WriteStream = process.stderr): CountProgress {
  if (!out.isTTY) return silentCountProgress;
  const line = throttledLine(out);
  return {
    update(done, total, note = '') {
      line.draw(() => `${label} ${bar(total > 0 ? done / total : 1)}  ${done}/${total} records${note ? `  ${note}` : ''}`.padEnd(100));
    },
    done: () => line.end(),
  };
}
