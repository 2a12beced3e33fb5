import { Box } from '@mui/material';
import { useTranslation } from '../lib/i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * One formatter per language and kind, made once: making an Intl formatter costs far more than using
 * one, and a page of comments shows two dates per comment (the server renders many such pages a second).
 */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) relativeFormats.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })));
  return format;
}

function exactFormat(language: string): Intl.DateTimeFormat {
  let format = exactFormats.get(language);
  if (!format) exactFormats.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' })));
  return format;
}

/** "3 hours ago", "yesterday", "just now": the largest unit that fits, as Intl words it. */
export function formatRelative(date: Date, language: string, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = relativeFormat(language);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** A relative time with the exact date in the tooltip and in `datetime` for assistive technology. */
export function RelativeTime({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  const exact = exactFormat(i18n.language).format(value);
  return (
    <Box component="time" dateTime={value.toISOString()} title={exact}>
      {formatRelative(value, i18n.language)}
    </Box>
  );
}
