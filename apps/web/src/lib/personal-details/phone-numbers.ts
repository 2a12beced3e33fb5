import { detail, type Detector, type PersonalDetail } from './types';

/**
 * Runs of digits joined by single spaces, dots, hyphens or parentheses ("+44 161 496 0753",
 * "(415) 555-0132", "07700 900123"). A run never starts inside a word, a decimal, a date or a
 * time, and "500 mg" or "2 x 10 ml" never join: a unit or an "x" ends the run.
 */
const DIGIT_RUN =
  /(?<![\w+\-./,:\uFFFC])(?:\+[ \u00a0]?)?\(?\d+\)?(?:(?:[ \u00a0]?[.-][ \u00a0]?|[ \u00a0])(?:\(0\)[ \u00a0]?\d+|\(?\d+\)?))*/g;

/** What ends a run that is not a phone number: a word character, a fraction or date, a decimal or time. */
const NOT_AN_END = /^(?:\w|\/|[.,:]\d)/;

/** Words that announce a phone number; a shorter run right after one is a phone number too ("my number is 555-0142"). */
const PHONE_WORDS =
  /(?:\b(?:call|phone|tel|telephone|mobile|cell|cellphone|landline|text|sms|whatsapp|signal|ring|number|nummer|num[ée]ro|numero|t[ée]l[ée]fono|telefon|handy|reach me|contact me|ll[áa]mame|appelle[zr]?|anrufen)\b|\btel\.)[^\d.!?\n\uFFFC]{0,25}$/i;

/**
 * Lines of organisations, which are public, not personal: freephone (0800, 0808 in the UK and much of
 * Europe; 800, 888… in North America) and the UK's non-geographic 03 numbers used by the NHS and charities.
 */
const PUBLIC_LINES = [/^0(?:800|808|500)\d{6,7}$/, /^03(?:00|3[03]|4[345]|7[0-3])\d{7}$/, /^1?8(?:00|88|77|66|55|44|33)\d{7}$/];

const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

function isPublicLine(digits: string): boolean {
  return PUBLIC_LINES.some((pattern) => pattern.test(digits));
}

/** +44 …, 0044 …: a country code and 8 to 15 digits. */
function isInternational(run: string, digits: string): boolean {
  const international = run.startsWith('+') || digits.startsWith('00');
  const national = digits.replace(/^00/, '');
  return international && national.length >= 8 && national.length <= MAX_DIGITS && !isPublicLine(national);
}

/** Trunk-prefixed national numbers of the UK and most of Europe: 0 and 9 or 10 more digits. */
function isNationalWithTrunkPrefix(digits: string): boolean {
  return /^0[1-9]\d{8,9}$/.test(digits) && !isPublicLine(digits);
}

/** North American numbers written as such: (415) 555-0132, 415-555-0132, 1-415-555-0132. */
function isNorthAmerican(groups: string[], digits: string): boolean {
  const shape = groups.map((group) => group.length).join('-');
  if (shape !== '3-3-4' && shape !== '1-3-3-4') return false;
  const national = digits.length === 11 ? digits.slice(1) : digits;
  if (digits.length === 11 && !digits.startsWith('1')) return false;
  return /^[2-9]\d\d[2-9]/.test(national) && !isPublicLine(national);
}

/** Thousands written with spaces ("10 000 000"): a count, not a phone number. */
function looksLikeThousands(groups: string[]): boolean {
  return groups.length > 1 && groups[0]!.length <= 3 && groups.slice(1).every((group) => group.length === 3);
}

export const findPhoneNumbers: Detector = (text) => {
  const found: PersonalDetail[] = [];
  DIGIT_RUN.lastIndex = 0;
  for (let match = DIGIT_RUN.exec(text); match; match = DIGIT_RUN.exec(text)) {
    const run = match[0].replace(/[ \u00a0.-]+$/, '');
    const end = match.index + run.length;
    if (NOT_AN_END.test(text.slice(end, end + 2))) continue;
    const groups = run.match(/\d+/g) ?? [];
    const digits = groups.join('');
    if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) continue;
    const announced = PHONE_WORDS.test(text.slice(Math.max(0, match.index - 40), match.index));
    const phone =
      isInternational(run, digits) ||
      isNationalWithTrunkPrefix(digits) ||
      isNorthAmerican(groups, digits) ||
      (announced && !isPublicLine(digits) && !looksLikeThousands(groups));
    if (phone) found.push(detail('phone', text, match.index, end));
  }
  return found;
};
