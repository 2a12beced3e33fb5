/** The arithmetic of the console's hand-made SVG charts (no chart library: the bundle matters). */

export interface Point {
  date: string;
  value: number;
}

/** A round upper bound for the y axis (1, 2, 2.5, 4 or 5 times a power of ten, whole), at least `minimum`. */
export function niceMax(max: number, minimum = 4): number {
  const target = Math.max(max, minimum);
  const power = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 2, 2.5, 4, 5, 10]) {
    const candidate = step * power;
    if (candidate >= target && Number.isInteger(candidate)) return candidate;
  }
  return 10 * power;
}

const isRoundStep = (step: number) => Number.isInteger(step) && /^[125]0*$/.test(String(step));

/** Evenly spaced y ticks from 0 to `max`, stepping by a round whole number (counts have no halves). */
export function yTicks(max: number): number[] {
  const count = [4, 5, 2].find((n) => isRoundStep(max / n)) ?? 1;
  return Array.from({ length: count + 1 }, (_, i) => (i * max) / count);
}

export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** x of the i-th of n days; a single day sits in the middle. */
export function xAt(frame: Frame, index: number, n: number): number {
  const inner = frame.width - frame.left - frame.right;
  return n <= 1 ? frame.left + inner / 2 : frame.left + (inner * index) / (n - 1);
}

export function yAt(frame: Frame, value: number, max: number): number {
  const inner = frame.height - frame.top - frame.bottom;
  return frame.top + inner - (inner * value) / max;
}

/** The line through the points, and the area under it closed along the x axis. */
export function linePaths(frame: Frame, points: Point[], max: number): { line: string; area: string } {
  if (points.length === 0) return { line: '', area: '' };
  const coords = points.map((p, i) => [xAt(frame, i, points.length), yAt(frame, p.value, max)] as const);
  const line = coords.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join('');
  const base = yAt(frame, 0, max).toFixed(1);
  const area = `${line}L${coords[coords.length - 1]![0].toFixed(1)},${base}L${coords[0]![0].toFixed(1)},${base}Z`;
  return { line, area };
}

/** Indexes that get a date label under the x axis: first, last and a few evenly between. */
export function xLabelIndexes(n: number, labels = 4): number[] {
  if (n <= labels) return Array.from({ length: n }, (_, i) => i);
  const picks = new Set<number>();
  for (let i = 0; i < labels; i++) picks.add(Math.round((i * (n - 1)) / (labels - 1)));
  return [...picks];
}

export const total = (points: Point[]) => points.reduce((sum, p) => sum + p.value, 0);

/** The busiest day (the first, on a tie), or null when nothing happened. */
export function peak(points: Point[]): Point | null {
  let best: Point | null = null;
  for (const p of points) if (p.value > 0 && (!best || p.value > best.value)) best = p;
  return best;
}
