import { matchesOf, type Detector } from './types';

/** An address, with a space either side of the @ as some people type it ("jo.bloggs @ example.com"). */
const ADDRESS = /(?<![\w.+%-])[a-z0-9._%+-]+ ?@ ?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi;

/** "tom [at] example [dot] org", "tom (at) example.org": written so robots cannot read it, people still can. */
const BRACKETED = /(?<![\w.+-])[a-z0-9._%+-]+\s*[[({]\s*at\s*[\])}]\s*[a-z0-9-]+(?:\s*(?:\.|[[({]\s*dot\s*[\])}])\s*[a-z0-9-]+)+/gi;

/** "mike.jones at gmail dot com": only with a mail provider's name, or "look at example.com" would count. */
const SPELLED_OUT =
  /(?<![\w.+-])[a-z0-9._%+-]+\s+at\s+(?:gmail|googlemail|yahoo|hotmail|outlook|live|msn|icloud|me|aol|proton|protonmail|gmx|web|mail|yandex|btinternet|orange|free|wanadoo|libero|virgilio|t-online)\s*(?:\.|\s+dot\s+)\s*[a-z]{2,}(?:\s*(?:\.|\s+dot\s+)\s*[a-z]{2,})?\b/gi;

/**
 * "jobloggs at example dot com", "tom.h at example dot co dot uk": any domain, but only with "dot"
 * spelled out and a real top-level domain at the end, and not after a word that is read "at"
 * something ("have a look at nhs dot uk").
 */
const SPELLED_DOT =
  /(?<![\w.+-])([a-z0-9._%+-]+)\s+at\s+[a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)*\s+dot\s+(?:com|org|net|edu|gov|co|uk|ie|de|fr|es|it|nl|be|ch|at|ca|au|nz|in|io|info|me)\b/gi;

/** Words read "… at something" in a sentence: the word before "at" is then no mailbox name. */
const NOT_MAILBOXES = new Set(
  (
    'look looking looked looks me us him her them it you one is was are be been arrive arrived arriving meet meeting met stay ' +
    'staying work working live living online found available go went there here this that out up details page site website ' +
    'pages information info advice help stuff good bad best great'
  ).split(' '),
);

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

const personal = (match: RegExpExecArray) => !ROLE_MAILBOXES.has(match[0].split('@')[0]!.trim().toLowerCase());
const spelledPersonal = (match: RegExpExecArray) =>
  !NOT_MAILBOXES.has(match[1]!.toLowerCase()) && !ROLE_MAILBOXES.has(match[1]!.toLowerCase());

export const findEmailAddresses: Detector = (text) => [
  ...matchesOf(ADDRESS, text, 'email', personal),
  ...matchesOf(BRACKETED, text, 'email'),
  ...matchesOf(SPELLED_OUT, text, 'email'),
  ...matchesOf(SPELLED_DOT, text, 'email', spelledPersonal),
];
