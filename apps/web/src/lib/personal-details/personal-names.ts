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

function namesAfter(pattern: RegExp, text: string): PersonalDetail[] {
  const found: PersonalDetail[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    FULL_NAME.lastIndex = start;
    const name = FULL_NAME.exec(text);
    if (!name || NOT_NAMES.has(name[0].split(/[\s.]/)[0]!)) continue;
    found.push(detail('name', text, start, start + name[0].length));
  }
  return found;
}

export const findPersonalNames: Detector = (text) => [...namesAfter(RELATION, text), ...namesAfter(OWN_NAME, text)];
