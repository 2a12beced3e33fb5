import { detail, matchesOf, type Detector, type PersonalDetail } from './types';

/**
 * Words that name an identity, health or insurance number. Nouns that mean other things on their own
 * ("policy", "member", "patient") count only with ID/number/no/# after them.
 */
const NAMED_ALONE = String.raw`NI(?=\s*:)|SSN|NINO|MRN|BSN|DNI|NIE|NIF|PPSN|social\s+security(?:\s+(?:number|no\.?|#))?|national\s+insurance(?:\s+(?:number|no\.?|#))?|codice\s+fiscale|tessera\s+sanitaria|num[ée]ro\s+de\s+s[ée]curit[ée]\s+sociale|carte\s+vitale|sozialversicherungsnummer|(?:kranken)?versichertennummer|krankenversicherungsnummer|steuer-?id|burgerservicenummer|OHIP|RAMQ|MBI|KVNR|eGK|gesundheitskarte|health\s+card|medicare\s+card|carte\s+sant[ée]`;
const NEEDS_NUMBER_WORD = String.raw`(?:NHS|NI|insurance|member(?:ship)?|policy|subscriber|patient|hospital|health(?:\s+card)?|insurance\s+card|medicare|medicaid|claim|group|beneficiary|passport|driver'?s?\s+licen[cs]e|licen[cs]e|tax|personal|ID\s+card|identity\s+card|case|account|chart|medical\s+record|record|OHIP|MBI|KVNR|gesundheitskarte)\s+(?:ID|number|no\.?|nr\.?|num[ée]ro|#)`;

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

/**
 * An NHS number after "NHS" alone ("nhs 485 777 3457", "NHS: 401-023-2137"): ten digits in NHS's
 * 3-3-4 grouping whose last digit is the modulus-11 check of the first nine (weights 10 down to 2).
 * The check keeps "NHS 111" and other numbers that merely follow the word out.
 */
const NHS_AFTER_WORD = /\bNHS\b[\s:#.-]*(?:(?:is|was)\s+)?(\d{3}[ -]?\d{3}[ -]?\d{4})(?![\w-])/gi;

function isNhsNumber(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  const sum = [...digits.slice(0, 9)].reduce((total, digit, i) => total + Number(digit) * (10 - i), 0);
  const check = 11 - (sum % 11);
  return check !== 10 && (check === 11 ? 0 : check) === Number(digits[9]);
}

/**
 * Australian Medicare card number as printed, 4-5-1 and an optional issue digit ("2123 45670 1"): the
 * first digit 2 to 6, the ninth the sum of the first eight weighted 1, 3, 7, 9, 1, 3, 7, 9, modulo 10.
 */
const AU_MEDICARE = /(?<![\w.-])([2-6]\d{3}) (\d{5}) (\d)(?:[ -]?\d)?(?![\w.-])/g;

function isMedicareNumber(match: RegExpExecArray): boolean {
  const digits = match[1]! + match[2]!;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return sum % 10 === Number(digits[8]);
}

/**
 * US Medicare Beneficiary Identifier (MBI) in its printed shape with hyphens, "1EG4-TE5-MK73": a digit
 * 1-9, then letters (never S, L, O, I, B or Z), digits and either at fixed positions. Unhyphenated it
 * is read only after "MBI" or "Medicare number", being otherwise too like a code or a reference.
 */
const MBI_LETTER = '[AC-HJKMNP-RT-Y]';
const MBI = new RegExp(
  String.raw`(?<![\w-])[1-9]${MBI_LETTER}[0-9AC-HJKMNP-RT-Y]\d-${MBI_LETTER}[0-9AC-HJKMNP-RT-Y]\d-${MBI_LETTER}{2}\d\d(?![\w-])`,
  'g',
);

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

function nhsNumbers(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  NHS_AFTER_WORD.lastIndex = 0;
  for (let match = NHS_AFTER_WORD.exec(text); match; match = NHS_AFTER_WORD.exec(text)) {
    const number = match[1]!;
    const start = match.index + match[0].length - number.length;
    if (isNhsNumber(number)) found.push(detail('idNumber', text, start, start + number.length));
  }
  return found;
}

export const findIdentityNumbers: Detector = (text) => [
  ...namedNumbers(text),
  ...matchesOf(SSN, text, 'idNumber'),
  ...matchesOf(UK_NINO, text, 'idNumber'),
  ...matchesOf(CODICE_FISCALE, text, 'idNumber'),
  ...matchesOf(DNI, text, 'idNumber', (match) => DNI_LETTERS[Number(match[1]) % 23] === match[2]),
  ...nhsNumbers(text),
  ...matchesOf(AU_MEDICARE, text, 'idNumber', isMedicareNumber),
  ...matchesOf(MBI, text, 'idNumber'),
];

/** Read after the phone numbers: a long run of digits that is a phone number is named as one. */
export const findLongNumbers: Detector = (text) => matchesOf(LONG_NUMBER, text, 'idNumber');
