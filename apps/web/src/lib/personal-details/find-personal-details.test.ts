import { describe, expect, it } from 'vitest';
import { excerptAround } from './excerpt';
import { findPersonalDetails, type PersonalDetailKind } from './find-personal-details';
import fixture from './personal-details.fixture.json';

const warnCases = fixture.warn.map(({ text, kinds }) => ({ text, kinds: [...kinds].sort() as PersonalDetailKind[] }));
const kindsIn = (text: string) => [...new Set(findPersonalDetails(text).map((found) => found.kind))].sort();

describe('findPersonalDetails on the test texts', () => {
  it('has at least 60 texts that should warn and 60 that should not', () => {
    expect(warnCases.length).toBeGreaterThanOrEqual(60);
    expect(fixture.safe.length).toBeGreaterThanOrEqual(60);
  });

  it.each(warnCases)('warns about $kinds in "$text"', ({ text, kinds }) => {
    expect(kindsIn(text)).toEqual(kinds);
  });

  it.each(fixture.safe)('does not warn on "%s"', (text) => {
    expect(findPersonalDetails(text)).toEqual([]);
  });

  it('reports its figures: every detail caught, no false alarm', () => {
    const caught = warnCases.filter(({ text }) => findPersonalDetails(text).length > 0).length;
    const rightKinds = warnCases.filter(({ text, kinds }) => JSON.stringify(kindsIn(text)) === JSON.stringify(kinds)).length;
    const falseAlarms = fixture.safe.filter((text) => findPersonalDetails(text).length > 0).length;
    console.info(
      `privacy guard: caught ${caught}/${warnCases.length} (${rightKinds} with the right reasons), ` +
        `false alarms ${falseAlarms}/${fixture.safe.length}`,
    );
    expect({ caught, rightKinds, falseAlarms }).toEqual({ caught: warnCases.length, rightKinds: warnCases.length, falseAlarms: 0 });
  });
});

describe('findPersonalDetails', () => {
  it('points at the detail itself, in the text as given', () => {
    const text = 'Thanks all!\n\nYou can call me on 07700 900123 if you want to talk.';
    const [phone] = findPersonalDetails(text);
    expect(phone).toEqual({ kind: 'phone', start: 32, end: 44, text: '07700 900123' });
    expect(text.slice(phone!.start, phone!.end)).toBe('07700 900123');
  });

  it('keeps offsets right after a link it skipped', () => {
    const text = 'See https://pubmed.ncbi.nlm.nih.gov/31452104/ and mail me: jo.bloggs@example.com';
    expect(findPersonalDetails(text)).toEqual([{ kind: 'email', start: 59, end: 80, text: 'jo.bloggs@example.com' }]);
  });

  it('lists details in the order they appear, each once', () => {
    const found = findPersonalDetails('My husband John Smith, DOB 12/03/1984, on 020 7946 0958 or john@example.com.');
    expect(found.map(({ kind, text }) => [kind, text])).toEqual([
      ['name', 'John Smith'],
      ['birthDate', '12/03/1984'],
      ['phone', '020 7946 0958'],
      ['email', 'john@example.com'],
    ]);
  });

  it('names a number by what the text says it is', () => {
    expect(findPersonalDetails('NHS number 943 476 5919')).toMatchObject([{ kind: 'idNumber', text: '943 476 5919' }]);
    expect(findPersonalDetails('Call 943 476 5919')).toMatchObject([{ kind: 'phone', text: '943 476 5919' }]);
  });

  it('shows the parts of one address as one detail', () => {
    expect(findPersonalDetails('Drop it off at 221B Baker Street, London NW1 6XE.')).toMatchObject([
      { kind: 'address', text: '221B Baker Street, London NW1 6XE' },
    ]);
  });

  it('finds nothing in an empty text', () => {
    expect(findPersonalDetails('')).toEqual([]);
  });
});

describe('excerptAround', () => {
  it('keeps whole words around the detail and marks where the text goes on', () => {
    const text = 'We moved last year and the clinic is close now. We live at 42 Maple Avenue, so it is a short walk for all of us.';
    const [address] = findPersonalDetails(text);
    expect(excerptAround(text, address!, 20)).toEqual({
      before: '…now. We live at ',
      detail: '42 Maple Avenue',
      after: ', so it is a short…',
    });
  });

  it('shows line breaks as spaces and adds no ellipsis at the ends of the text', () => {
    const text = 'Call me\non 07700 900123';
    const [phone] = findPersonalDetails(text);
    expect(excerptAround(text, phone!)).toEqual({ before: 'Call me on ', detail: '07700 900123', after: '' });
  });
});
