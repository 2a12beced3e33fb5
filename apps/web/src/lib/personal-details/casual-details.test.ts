import { describe, expect, it } from 'vitest';
import { findPersonalDetails } from './find-personal-details';

/**
 * Details written the way people write them: lower case, spaced or spelled out, and
 * other countries' formats. Every number is invented and passes its format's check digit, or is a
 * published example (NHS's 943 476 5919, CMS's MBI 1EG4-TE5-MK73); bench:privacy measures a larger set.
 */
const details = (text: string) => findPersonalDetails(text).map(({ kind, text: found }) => [kind, found]);

describe('details written casually', () => {
  it.each([
    ['my partner james wilson takes the same tablets', 'name', 'james wilson'],
    ['my daughter sophie anne taylor is 6', 'name', 'sophie anne taylor'],
    ['dr helen carter at the practice listened', 'name', 'dr helen carter'],
    ['Mrs. Linda Evans runs the group', 'name', 'Mrs. Linda Evans'],
    ['our gp, dr peter o’brien, retired', 'name', 'dr peter o’brien'],
    ['mail me: sam.k @ example.org', 'email', 'sam.k @ example.org'],
    ['samk at example dot org works best', 'email', 'samk at example dot org'],
    ['ring +44 (0)161 496 0753 after six', 'phone', '+44 (0)161 496 0753'],
    ['mobile +353 (0)85 123 4567', 'phone', '+353 (0)85 123 4567'],
    ['post it to P.O. Box 321', 'address', 'P.O. Box 321'],
    ['my box is po box 77, thanks', 'address', 'po box 77'],
    ['born on the twenty-first of june 1968', 'birthDate', 'the twenty-first of june 1968'],
    ['nhs number 943 476 5919', 'idNumber', '943 476 5919'],
    ['NHS 123-456-7881 is mine', 'idNumber', '123-456-7881'],
    ['medicare 4234 56781 1 on the card', 'idNumber', '4234 56781 1'],
    ['my card reads 1EG4-TE5-MK73', 'idNumber', '1EG4-TE5-MK73'],
    ['KVNR: T987654328', 'idNumber', 'T987654328'],
    ['OHIP 4567-891-231-XY', 'idNumber', '4567-891-231'],
  ])('finds it in "%s"', (text, kind, found) => {
    expect(details(text)).toEqual([[kind, found]]);
  });

  it.each([
    'my husband will take me, he has the day off',
    'my son jack loves rugby',
    'my doctor said the dose is fine',
    'dr google made me panic',
    'take a look at nhs dot uk',
    'we arrive at nine dot five… joking, at 9.05',
    'NHS 111 said to go to A&E',
    'NHS 123 456 7890 is not a valid number',
    'the pharmacy drop box by the door',
    'my appointment is the fourth of july at 10',
    'born on time at 40 weeks',
    'batch 1EG4TE5MK73 was recalled',
    'count 2123 45678 9 steps',
    'warfarin 5 mg @ 6pm daily',
    'BP 145 over 90 @ home',
  ])('raises no alarm on "%s"', (text) => {
    expect(findPersonalDetails(text)).toEqual([]);
  });
});
