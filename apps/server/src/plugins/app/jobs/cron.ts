/**
 * A period in milliseconds as a cron expression for the job queue's schedules, whose finest step is a
 * minute: under an hour, every N minutes (N rounded, at least 1, a divisor of 60 so the gaps stay even);
 * from an hour, every N hours.
 */
export function cronEvery(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) {
    const step = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30].filter((d) => d <= minutes).at(-1)!;
    return step === 1 ? '* * * * *' : `*/${step} * * * *`;
  }
  const hours = Math.min(24, Math.round(minutes / 60));
  return hours >= 24 ? '0 0 * * *' : hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
}
