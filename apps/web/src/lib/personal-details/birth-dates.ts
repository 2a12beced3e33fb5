import { detail, type Detector, type PersonalDetail } from './types';

const MONTH = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`;
/** The day in figures or as an ordinal word ("the fourth of July", "twenty-first"). */
const DAY_WORD = String.raw`(?:(?:twenty|thirty)[- ]?)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth`;
const DAY = String.raw`(?:(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?|${DAY_WORD})`;
const YEAR = String.raw`(?:19|20)\d\d`;

/** A day and a month, with or without the year: 3 May 1984, the 14th of February 2019, March 3, 1984, 12/03/1984, 1990-07-21. */
const DATE = [
  String.raw`(?:the\s+)?${DAY}(?:\s+of)?\s+${MONTH},?(?:\s+${YEAR})?`,
  String.raw`${MONTH}\s+${DAY}(?:,?\s+${YEAR})?`,
  String.raw`\d{1,2}[./-]\d{1,2}[./-](?:${YEAR}|\d\d)`,
  String.raw`${YEAR}-\d{1,2}-\d{1,2}`,
].join('|');

/**
 * Only a date announced as a birth date counts: "born on 3 May 1984", "DOB 12/03/1984", "my birthday is
 * 22 June". An appointment's date, or a year on its own ("born in 1984"), is not a personal detail.
 */
const BIRTH_DATE = new RegExp(
  String.raw`\b(?:d\.?\s?o\.?\s?b\b\.?|date\s+of\s+birth|birth\s?date|birthday|born|geboren|n[ée]e?\s+le|fecha\s+de\s+nacimiento|nat[oa]\s+il)[\s:,-]*(?:(?:is|was|on|am|el)\s+)*(${DATE})(?![\w/.-]\d)`,
  'gi',
);

export const findBirthDates: Detector = (text) => {
  const found: PersonalDetail[] = [];
  BIRTH_DATE.lastIndex = 0;
  for (let match = BIRTH_DATE.exec(text); match; match = BIRTH_DATE.exec(text)) {
    const date = match[1]!;
    const start = match.index + match[0].length - date.length;
    found.push(detail('birthDate', text, start, start + date.length));
  }
  return found;
};
