import type { DateWindow } from './eutils';

/** The earliest revision date a first sync asks for: before any PubMed record's. */
export const EARLIEST_DAY = '1900/01/01';

const DAY_MS = 86_400_000;

/** A date as E-utilities write it, YYYY/MM/DD (UTC). */
export function eutilsDay(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '/');
}

const toDays = (day: string) => Date.parse(`${day.replace(/\//g, '-')}T00:00:00Z`) / DAY_MS;
const fromDays = (days: number) => eutilsDay(new Date(days * DAY_MS));

/** The day after `day`. */
export const nextDay = (day: string) => fromDays(toDays(day) + 1);

/** Halves a window of several days into two that do not overlap; null for a single day. */
export function splitWindow(window: DateWindow): [DateWindow, DateWindow] | null {
  const from = toDays(window.from);
  const to = toDays(window.to);
  if (to <= from) return null;
  const middle = Math.floor((from + to) / 2);
  return [
    { from: window.from, to: fromDays(middle) },
    { from: fromDays(middle + 1), to: window.to },
  ];
}
