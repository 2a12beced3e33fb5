import { Box } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now": the largest unit that fits, as Intl words it. */
export function formatRelative(date: Date, language: string, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
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
  const exact = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(value);
  return (
    <Box component="time" dateTime={value.toISOString()} title={exact}>
      {formatRelative(value, i18n.language)}
    </Box>
  );
}
