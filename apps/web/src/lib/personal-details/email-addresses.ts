import { matchesOf, type Detector } from './types';

const ADDRESS = /(?<![\w.+%-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi;

/** "tom [at] example [dot] org", "tom (at) example.org": written so robots cannot read it, people still can. */
const BRACKETED = /(?<![\w.+-])[a-z0-9._%+-]+\s*[[({]\s*at\s*[\])}]\s*[a-z0-9-]+(?:\s*(?:\.|[[({]\s*dot\s*[\])}])\s*[a-z0-9-]+)+/gi;

/** "mike.jones at gmail dot com": only with a mail provider's name, or "look at example.com" would count. */
const SPELLED_OUT =
  /(?<![\w.+-])[a-z0-9._%+-]+\s+at\s+(?:gmail|googlemail|yahoo|hotmail|outlook|live|msn|icloud|me|aol|proton|protonmail|gmx|web|mail|yandex|btinternet|orange|free|wanadoo|libero|virgilio|t-online)\s*(?:\.|\s+dot\s+)\s*[a-z]{2,}(?:\s*(?:\.|\s+dot\s+)\s*[a-z]{2,})?\b/gi;

/** Shared mailboxes of organisations (info@, support@…): public contacts, not a person's address. */
const ROLE_MAILBOXES = new Set([
  'info',
  'support',
  'help',
  'helpline',
  'contact',
  'enquiries',
  'enquiry',
  'inquiries',
  'admin',
  'office',
  'hello',
  'press',
  'media',
  'noreply',
  'no-reply',
  'team',
  'feedback',
  'service',
  'customerservice',
  'appointments',
  'reception',
  'pals',
  'privacy',
  'webmaster',
  'mail',
]);

const personal = (match: RegExpExecArray) => !ROLE_MAILBOXES.has(match[0].split('@')[0]!.toLowerCase());

export const findEmailAddresses: Detector = (text) => [
  ...matchesOf(ADDRESS, text, 'email', personal),
  ...matchesOf(BRACKETED, text, 'email'),
  ...matchesOf(SPELLED_OUT, text, 'email'),
];
