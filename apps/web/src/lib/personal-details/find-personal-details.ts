import { findBirthDates } from './birth-dates';
import { findEmailAddresses } from './email-addresses';
import { findIdentityNumbers, findLongNumbers } from './identity-numbers';
import { findPersonalNames } from './personal-names';
import { findPhoneNumbers } from './phone-numbers';
import { maskSafeSpans } from './safe-spans';
import { findStreetAddresses } from './street-addresses';
import type { Detector, PersonalDetail } from './types';

export { PERSONAL_DETAIL_KINDS, type PersonalDetail, type PersonalDetailKind } from './types';

/**
 * The most specific reading first: where two detectors claim the same characters, the earlier one
 * names them ("NHS number 943 476 5919" is an NHS number, though shaped like an American phone number).
 */
const DETECTORS: Detector[] = [
  findEmailAddresses,
  findIdentityNumbers,
  findBirthDates,
  findPhoneNumbers,
  findLongNumbers,
  findStreetAddresses,
  findPersonalNames,
];

/** Pieces of one address split by a town ("221B Baker Street, London NW1 6XE") are shown as one. */
const SAME_ADDRESS_GAP = /^[,\s\p{L}'’-]{0,30}$/u;

function overlaps(a: PersonalDetail, b: PersonalDetail): boolean {
  return a.start < b.end && b.start < a.end;
}

function joinAddressPieces(details: PersonalDetail[], text: string): PersonalDetail[] {
  const joined: PersonalDetail[] = [];
  for (const next of details) {
    const last = joined.at(-1);
    if (last?.kind === 'address' && next.kind === 'address' && SAME_ADDRESS_GAP.test(text.slice(last.end, next.start))) {
      joined[joined.length - 1] = { ...last, end: next.end, text: text.slice(last.start, next.end) };
    } else {
      joined.push(next);
    }
  }
  return joined;
}

/**
 * The personal details in a text a person is about to post: phone numbers, e-mail addresses, street
 * addresses and postcodes, dates of birth, identity and insurance numbers, and full names after "my
 * husband", "my doctor"… Pure and synchronous; nothing leaves the device. Links, DOIs and PubMed ids are
 * never read as details; doses, lab values, appointment dates, years, ages and durations do not match.
 * Sorted by position, never overlapping; offsets index the text as given.
 */
export function findPersonalDetails(text: string): PersonalDetail[] {
  const masked = maskSafeSpans(text);
  const kept: PersonalDetail[] = [];
  for (const detect of DETECTORS) {
    for (const found of detect(masked)) {
      if (!kept.some((other) => overlaps(found, other))) kept.push({ ...found, text: text.slice(found.start, found.end) });
    }
  }
  kept.sort((a, b) => a.start - b.start);
  return joinAddressPieces(kept, text);
}
