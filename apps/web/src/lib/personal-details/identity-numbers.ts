import { detail, matchesOf, type Detector, type PersonalDetail } from './types';

/**
 * Words that name an identity, health or insurance number. Nouns that mean other things on their own
 * ("policy", "member", "patient") count only with ID/number/no/# after them.
 */
const NAMED_ALONE = String.raw`NI(?=\s*:)|SSN|NINO|MRN|BSN|DNI|NIE|NIF|PPSN|social\s+security(?:\s+(?:number|no\.?|#))?|national\s+insurance(?:\s+(?:number|no\.?|#))?|codice\s+fiscale|tessera\s+sanitaria|num[ée]ro\s+de\s+s[ée]curit[ée]\s+sociale|carte\s+vitale|sozialversicherungsnummer|(?:kranken)?versichertennummer|krankenversicherungsnummer|steuer-?id|burgerservicenummer`;
const NEEDS_NUMBER_WORD = String.raw`(?:NHS|NI|insurance|member(?:ship)?|policy|subscriber|patient|hospital|health(?:\s+card)?|insurance\s+card|medicare|medicaid|claim|group|beneficiary|passport|driver'?s?\s+licen[cs]e|licen[cs]e|tax|personal|ID\s+card|identity\s+card|case|account|chart|medical\s+record|record)\s+(?:ID|number|no\.?|nr\.?|num[ée]ro|#)`;

/** The words, then what joins them to the number ("is", a colon). The number is read after them, case-sensitively. */
const NUMBER_WORDS = new RegExp(String.raw`\b(?:${NEEDS_NUMBER_WORD}|${NAMED_ALONE})(?!\w)[\s:#.=-]*(?:(?:is|was|es|est|ist|è)\s+)?`, 'gi');

/**
 * The number itself: upper-case letters and digits in groups joined by a space or a hyphen ("QQ 12 34 56 C",
 * "1EG4-TE5-MK73", "XKP 8812 3345 07"). A lower-case word ends it.
 */
const NUMBER = /[A-Z0-9]{1,20}(?:[ -][A-Z0-9]{1,20}){0,6}(?![\w-])/y;

/** US social security number in its own shape, with the ranges never issued left out. */
const SSN = /(?<![\w-])(?!000|666|9\d\d)\d{3}-(?!00)\d\d-(?!0000)\d{4}(?![\w-])/g;

/** UK National Insurance number: two letters from the allowed set, six digits, A to D. */
const UK_NINO = /\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d\d ?\d\d ?\d\d ?[A-D]\b/g;

/** Italian codice fiscale: its shape alone is unmistakable. */
const CODICE_FISCALE = /\b[A-Z]{6}\d\d[A-EHLMPRST]\d\d[A-Z]\d{3}[A-Z]\b/g;

/** Spanish DNI: eight digits and the letter their remainder by 23 gives. */
const DNI = /\b(\d{8})-?([A-Z])\b/g;
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A long number standing alone (nine digits or more, no separators): some account, card or identity number. */
const LONG_NUMBER = /(?<![\w.,/:+-])\d{9,19}(?![\w,/:]|\.\d)/g;

const MIN_DIGITS = 4;

/** The number after the words, without trailing groups that hold no digit (a single check letter stays). */
function numberAt(text: string, at: number): string | null {
  NUMBER.lastIndex = at;
  const match = NUMBER.exec(text);
  if (!match) return null;
  const groups = match[0].split(/(?=[ -])/);
  while (groups.length > 1 && !/\d|^[ -]?[A-Z]$/.test(groups.at(-1)!)) groups.pop();
  const number = groups.join('');
  return number.replace(/\D/g, '').length >= MIN_DIGITS ? number : null;
}

function namedNumbers(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  NUMBER_WORDS.lastIndex = 0;
  for (let match = NUMBER_WORDS.exec(text); match; match = NUMBER_WORDS.exec(text)) {
    const start = match.index + match[0].length;
    const number = numberAt(text, start);
    if (number) found.push(detail('idNumber', text, start, start + number.length));
  }
  return found;
}

export const findIdentityNumbers: Detector = (text) => [
  ...namedNumbers(text),
  ...matchesOf(SSN, text, 'idNumber'),
  ...matchesOf(UK_NINO, text, 'idNumber'),
  ...matchesOf(CODICE_FISCALE, text, 'idNumber'),
  ...matchesOf(DNI, text, 'idNumber', (match) => DNI_LETTERS[Number(match[1]) % 23] === match[2]),
];

/** Read after the phone numbers: a long run of digits that is a phone number is named as one. */
export const findLongNumbers: Detector = (text) => matchesOf(LONG_NUMBER, text, 'idNumber');
