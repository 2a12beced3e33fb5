/**
 * Turns a question in plain words into the words worth searching for, and compares words the way
 * passage scoring needs (a light stemmer: "attacks" and "attack", "breathing" and "breathe").
 */

/** The question's grammar and chatter: searching for them finds everything and nothing. */
const FILLER = new Set(
  (
    'a about above after again against all also am an and any are as at be been before being below between both but by can ' +
    'could did do does doing down during each few for from further get got had has have having he her here hers him his how ' +
    'i if in into is it its itself just know let like me might more most must my myself no nor not now of off on once only or ' +
    'other our ours out over own please same she should so some such tell than thank thanks that the their theirs them then ' +
    'there these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself explain hi hello hey wink anything something thing things really much many way ways ' +
    'mean means okay ok etc better best good bad worse well someone somebody people person need want wondering wonder question'
  ).split(' '),
);

/** At most this many words go to search: long messages keep their first content words. */
const MAX_TERMS = 10;

export function questionTerms(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/['’]s$/, '');
    // Short numbers stay ("type 2 diabetes"); long ones are years and amounts, not topics.
    if ((word.length < 2 && !/^\d$/.test(word)) || FILLER.has(word) || /^\d{3,}$/.test(word)) continue;
    if (!out.includes(word)) out.push(word);
    if (out.length === MAX_TERMS) break;
  }
  return out;
}

/** A crude stem, only ever compared with another crude stem. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

export const stemsOf = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => (w.length >= 2 || /^\d$/.test(w)) && !FILLER.has(w)).map(stem));
