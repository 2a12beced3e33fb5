import { GIVEN_NAMES } from './given-names';
import { detail, type Detector, type PersonalDetail } from './types';

const RELATIONS = [
  'son',
  'daughter',
  'husband',
  'wife',
  'partner',
  'spouse',
  'boyfriend',
  'girlfriend',
  'fiancée?',
  'fiancee?',
  'mother',
  'mum',
  'mom',
  'mam',
  'mummy',
  'mommy',
  'father',
  'dad',
  'daddy',
  'brother',
  'sister',
  'twin',
  'child',
  'kid',
  'baby',
  'toddler',
  'teenager',
  'grandson',
  'granddaughter',
  'grandchild',
  'grandmother',
  'grandma',
  'gran',
  'granny',
  'nan',
  'nana',
  'grandfather',
  'grandpa',
  'grandad',
  'granddad',
  'aunt',
  'auntie',
  'uncle',
  'niece',
  'nephew',
  'cousin',
  'friend',
  'neighbou?r',
  'colleague',
  'boss',
  'carer',
  'caregiver',
  'step(?:son|daughter|mother|father|mum|mom|dad)',
  '(?:mother|father|son|daughter|brother|sister)-in-law',
  'GP',
  'doctor',
  'dr',
  'physician',
  'consultant',
  'surgeon',
  'nurse',
  'midwife',
  'therapist',
  'psychiatrist',
  'psychologist',
  'counsell?or',
  'specialist',
  'physio',
  'physiotherapist',
  'dentist',
  'pharmacist',
  'optician',
  'health\\s+visitor',
  'social\\s+worker',
  'case\\s+worker',
  '\\w+ologist',
  'p(?:a)?ediatrician',
  'obstetrician',
].join('|');

/** "my husband", "our GP", "my 6-year-old son", "my late father", then how the name is joined on ("my GP (Dr Evans)"). */
const RELATION = new RegExp(
  String.raw`\b(?:my|our|his|her|their)\s+(?:(?:\d{1,2}[- ]year[- ]old|little|big|older|younger|eldest|oldest|youngest|baby|teenage|late|ex-?|new|old|former|lovely|dear)\s+)*(?:${RELATIONS})(?:['’]s\s+name\s+is\s+|\s+is\s+called\s+|\s+called\s+|\s+named\s+|\s*[,(:]\s*|\s+)`,
  'gi',
);

/** "my name is", "I am called": the writer's own name. */
const OWN_NAME = /\b(?:my\s+(?:full\s+|real\s+)?name\s+is|my\s+name['’]s|i\s+am\s+called|i['’]m\s+called)\s+/gi;

/** Name words: capitalised, with Mc/Mac, O', d' and double-barrelled forms; particles such as "van der" between them. */
const WORD = String.raw`(?:(?:Mc|Mac|O['’]|D['’]|d['’])?\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)`;
const PARTICLE = String.raw`(?:van|von|de|der|den|del|della|da|di|du|dos|le|la|bin|ibn|al|ap)`;
const INITIAL = String.raw`\p{Lu}\.`;
const TITLE = String.raw`(?:Dr|Prof|Mr|Mrs|Ms|Miss|Mx|Sr|Sra|Herr|Frau|Mme|Mlle|Dott|Doc)\.?`;

/** A full name (two words or more), or a title and a surname ("Dr. Chen", "Dr. K. Ramasamy"). Read right where the relation ends. */
const FULL_NAME = new RegExp(
  String.raw`(?:${TITLE}\s+(?:${INITIAL}\s*)*${WORD}(?:\s+(?:${PARTICLE}\s+)*${WORD}){0,3}|${WORD}(?:\s+(?:${PARTICLE}\s+)*${WORD}){1,3})(?![\p{L}'’-])`,
  'uy',
);

/** Capitalised words that start a clause, not a name ("my husband And I", "my son Today…"). */
const NOT_NAMES = new Set(
  (
    'I The A An And But Or So Then Also Just Who Which That This These Those He She It We They You Is Was Has Had Have Does Did Will Would ' +
    'Can Could Should Said Says Told Thinks Thought When While Where Why How What After Before Since Because If Today Yesterday Tomorrow ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October ' +
    'November December Christmas Easter Mum Mom Dad Nan Gran Granny Grandma Grandpa God Jesus ' +
    // Places and services named after the relation ("my GP Practice Manager", "my consultant Royal Infirmary").
    'Practice Surgery Clinic Hospital Royal Centre Center Team Office Appointment Service Services Department Ward Unit Health NHS'
  ).split(' '),
);

/** A title before a name, in any case: "dr jane doe", "Mrs. Susan Clarke", "prof. alan turner". */
const ANY_CASE_TITLE = /\b(?:dr|doctor|prof|professor|mr|mrs|ms|miss|mx)\b\.?\s+/gi;

/** Up to three words where a name may be, an optional title first (read with stickiness where a relation or title ends). */
const NAME_WORDS = /(?:(?:dr|prof|mr|mrs|ms|miss|mx)\.?\s+)?([\p{L}'’-]+)(?:\s+([\p{L}'’-]+))?(?:\s+([\p{L}'’-]+))?/iuy;

/** A surname's shape in any case: "smith", "o'connor", "mcdonald", "smith-jones". */
const SURNAME = /^(?:o['’]|mc|mac)?\p{L}{2,}(?:-\p{L}{2,})?$/u;

/** Words that follow a given name but are no surname: "my husband john has…", "dr jane said…". */
const NOT_SURNAMES = new Set(
  (
    'a an and or but nor so yet if as at by for from in into of off on onto out over to up with about after before since until ' +
    'is was are were be been being am has had have having does did do done will would can could should shall may might must ' +
    'i me my mine he him his she her hers it its we us our they them their you your who whom whose which what that this these ' +
    'those there here then than too also just still even only again always never ever now today tonight yesterday tomorrow ' +
    'not no yes very really quite well all both each every some any many much more most few less least other another ' +
    'said says say told tells thinks thought knows knew feels felt wants wanted needs needed likes liked loves loved hates ' +
    'says asked asks took takes came comes come went goes go got gets get gave gives made makes helped helps keeps kept lives ' +
    'lived works worked died passed started stopped tried tries uses used saw sees seen found finds turned turns rang called ' +
    "has hasn’t isn’t wasn’t didn’t doesn’t can’t won’t hasn't isn't wasn't didn't doesn't can't won't " +
    "and’s who’s he’s she’s it’s and's who's he's she's it's " +
    'because while when where why how like unlike via per'
  )
    .split(/\s+/)
    .filter(Boolean),
);

const isSurname = (word: string | undefined): word is string => {
  if (!word || !SURNAME.test(word)) return false;
  const lower = word.toLowerCase();
  return !NOT_SURNAMES.has(lower) && !GIVEN_NAMES.has(lower) && !/(?:ing|ly)$/.test(lower);
};

/**
 * A given name from GIVEN_NAMES and a surname, in any case, where a name may start: "john smith",
 * "dr jane doe", "emily rose jones" (two given names, then the surname). Returns the name's end.
 */
function givenAndSurnameAt(text: string, at: number): { start: number; end: number } | null {
  NAME_WORDS.lastIndex = at;
  const match = NAME_WORDS.exec(text);
  if (!match) return null;
  const [whole, first, second, third] = match;
  if (!GIVEN_NAMES.has(first!.toLowerCase())) return null;
  const firstAt = at + whole.indexOf(first!);
  const endOf = (word: string) => at + whole.lastIndexOf(word) + word.length;
  if (second && GIVEN_NAMES.has(second.toLowerCase()) && isSurname(third)) return { start: firstAt, end: endOf(third) };
  if (isSurname(second)) return { start: firstAt, end: endOf(second) };
  return null;
}

function namesAfter(pattern: RegExp, text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    FULL_NAME.lastIndex = start;
    const name = FULL_NAME.exec(text);
    if (name && !NOT_NAMES.has(name[0].split(/[\s.]/)[0]!)) {
      found.push(detail('name', text, start, start + name[0].length));
      continue;
    }
    const written = givenAndSurnameAt(text, start);
    if (written) found.push(detail('name', text, start, written.end));
  }
  return found;
}

/** "dr jane doe", "Mrs Susan Clarke": a title and a full name whose first word is a known given name, wherever they are. */
function titledNames(text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  ANY_CASE_TITLE.lastIndex = 0;
  for (let match = ANY_CASE_TITLE.exec(text); match; match = ANY_CASE_TITLE.exec(text)) {
    const name = givenAndSurnameAt(text, match.index + match[0].length);
    if (name) found.push(detail('name', text, match.index, name.end));
  }
  return found;
}

export const findPersonalNames: Detector = (text) => [...namesAfter(RELATION, text), ...namesAfter(OWN_NAME, text), ...titledNames(text)];
