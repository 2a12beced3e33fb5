/** A one-line progress bar on stderr (bytes read of the file's size); silent when stderr is not a terminal. */
export interface Progress {
  update(bytesRead: number, records: number): void;
  done(): void;
}

export const silentProgress: Progress = { update() {}, done() {} };

const WIDTH = 30;
const EVERY_MS = 100;

export function createProgress(label: string, totalBytes: number, out: NodeJS.WriteStream = process.stderr): Progress {
  if (!out.isTTY) return silentProgress;
  let last = 0;
  let drawn = false;
  const draw = (bytes: number, records: number) => {
    const ratio = totalBytes > 0 ? Math.min(1, bytes / totalBytes) : 1;
    const filled = Math.round(ratio * WIDTH);
    const mb = (n: number) => (n / 1_048_576).toFixed(1);
    out.write(
      `\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}%  ${mb(bytes)}/${mb(totalBytes)} MB  ${records} records`,
    );
    drawn = true;
  };
  return {
    update(bytes, records) {
      const now = Date.now();
      if (now - last < EVERY_MS) return;
      last = now;
      draw(bytes, records);
    },
    done() {
      if (drawn) out.write('\n');
    },
  };
}
