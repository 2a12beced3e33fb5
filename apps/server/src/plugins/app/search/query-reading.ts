/**
 * Reads a query as people type it, a question more often than a list of terms: which words are the
 * question's grammar and chatter ("what", "does", "can i", "wont go away"), which say what the person
 * wants to know about a subject (an intent: "symptoms", "remedies", "side effects", "what to expect")
 * and for whom (an audience: "toddler", "in pregnancy", "grandad"), and which are the subject itself.
 * Only the subject's words must be found; intents and audiences raise the pages that serve them
 * (search-question.ts) and never remove a result.
 */

export type Intent = 'symptoms' | 'treatment' | 'causes' | 'risks' | 'tests' | 'procedure' | 'prevention' | 'urgency' | 'first-aid';
export type Audience = 'children' | 'babies' | 'pregnancy' | 'older people' | 'women' | 'men';

/**
 * The words of a sentence that answers each intent, for choosing Wink's passages: a treatment question
 * wants the sentence about painkillers and rest, a symptoms question the one listing the signs.
 */
export const ANSWER_WORDS: Record<Intent, string[]> = {
  symptoms: ['sign', 'symptom', 'include', 'feel', 'feeling', 'notice', 'common'],
  treatment: [
    'treat',
    'treatment',
    'help',
    'painkiller',
    'medicine',
    'relief',
    'relieve',
    'rest',
    'therapy',
    'take',
    'ease',
    'tablet',
    'cream',
  ],
  causes: ['cause', 'caused', 'trigger', 'because', 'due', 'risk', 'when'],
  risks: ['side', 'effect', 'risk', 'safe', 'avoid', 'interact', 'harm', 'problem'],
  tests: ['test', 'measure', 'result', 'level', 'normal', 'check', 'target', 'number', 'reading'],
  procedure: ['expect', 'during', 'lie', 'minute', 'take', 'scan', 'camera', 'tube', 'procedure'],
  prevention: ['prevent', 'reduce', 'lower', 'avoid', 'vaccine', 'stop', 'protect'],
  urgency: ['emergency', 'urgent', 'call', 'straight', 'immediately', 'doctor', 'worse', 'serious'],
  'first-aid': ['call', 'stay', 'place', 'help', 'roll', 'side', 'safe', 'time'],
};

/**
 * Each intent: the phrases that ask for it, and the words (lower case, stemmed as `cueStem` does) by
 * which a page's title shows that it serves it: a warning-signs page for "symptoms", a "what helps"
 * page for "remedies". Longer phrases are read first.
 */
export const INTENTS: Record<Intent, { asks: string[]; serves: string[] }> = {
  symptoms: {
    asks: [
      'symptoms',
      'symptom',
      'signs',
      'sign',
      'warning signs',
      'early signs',
      'first signs',
      'how do i know if',
      'how do you know if',
      'do i have',
    ],
    serves: ['sign', 'symptom', 'warning', 'spot', 'recognis', 'recogniz', 'worry', 'know'],
  },
  treatment: {
    asks: [
      'treatment',
      'treatments',
      'treat',
      'treating',
      'treated',
      'remedies',
      'remedy',
      'cure',
      'cures',
      'what helps',
      'helps',
      'help with',
      'get rid of',
      'relief',
      'relieve',
      'how to stop',
      'stop',
      'medicine for',
      'medication for',
      'what can i take',
      'what to take',
      'ease',
    ],
    serves: ['treat', 'help', 'relief', 'option', 'care', 'manag', 'what help', 'sleeping better', 'self-help', 'cope', 'medicine'],
  },
  causes: { asks: ['causes', 'cause', 'caused', 'why', 'reason', 'reasons', 'triggers', 'trigger'], serves: ['cause', 'why', 'trigger'] },
  risks: {
    asks: ['side effects', 'side effect', 'risks', 'risk of', 'safe', 'safely', 'safety', 'dangerous', 'addictive', 'interactions'],
    serves: ['side effect', 'risk', 'safe', 'safety', 'what to know', 'trade-off', 'benefit'],
  },
  tests: {
    asks: [
      'test',
      'tests',
      'testing',
      'tested',
      'screening',
      'check',
      'checked',
      'checking',
      'results',
      'level',
      'levels',
      'normal range',
      'numbers',
    ],
    serves: ['test', 'screening', 'check', 'number', 'explained', 'monitoring', 'measuring'],
  },
  procedure: {
    asks: ['what to expect', 'what happens', 'what happens during', 'what happens at', 'how long does it take', 'procedure', 'prepare for'],
    serves: ['what to expect', 'involv', 'explained'],
  },
  prevention: {
    asks: ['prevent', 'prevention', 'preventing', 'avoid', 'lower', 'lowering', 'reduce', 'risk of getting'],
    serves: ['prevent', 'lower', 'risk', 'protect', 'keeping', 'healthy'],
  },
  urgency: {
    asks: [
      'when to worry',
      'when should i worry',
      'should i worry',
      'serious',
      'emergency',
      'urgent',
      'when to see a doctor',
      'go to a and e',
    ],
    serves: ['worry', 'emergency', 'urgent', 'warning', 'when it matters', 'serious'],
  },
  'first-aid': {
    asks: ['what to do', 'what should i do', 'what do i do', 'how to help', 'first aid'],
    serves: ['what to do', 'first aid', 'how to help'],
  },
};

/** Each audience: the words that name it in a query, and the words of a page's title or summary written for it. */
export const AUDIENCES: Record<Audience, { asks: string[]; serves: string[] }> = {
  children: {
    asks: [
      'child',
      'children',
      'childs',
      'kid',
      'kids',
      'my kid',
      'my son',
      'my daughter',
      'toddler',
      'toddlers',
      'son',
      'daughter',
      'boy',
      'girl',
      'school age',
    ],
    serves: ['child', 'children', 'young children', 'toddler', 'kid'],
  },
  babies: {
    asks: ['baby', 'babies', 'babys', "baby's", 'infant', 'infants', 'newborn', 'newborns', 'my baby'],
    serves: ['baby', 'babies', 'infant', 'newborn'],
  },
  pregnancy: {
    asks: ['in pregnancy', 'pregnancy', 'pregnant', 'when pregnant', 'while pregnant', 'expecting', 'bump'],
    serves: ['pregnancy', 'pregnant', 'labour', 'labor'],
  },
  'older people': {
    asks: [
      'grandad',
      'granddad',
      'grandpa',
      'grandfather',
      'grandma',
      'grandmother',
      'granny',
      'gran',
      'nan',
      'nana',
      'elderly',
      'older',
      'older people',
      'old age',
      'pensioner',
    ],
    serves: ['older', 'ageing', 'aging', 'elderly', 'age-related'],
  },
  women: { asks: ['women', 'woman', 'female', 'my wife', 'my girlfriend'], serves: ['women', 'woman', 'female'] },
  men: { asks: ['men', 'man', 'male', 'my husband', 'my boyfriend'], serves: ['men', 'man', 'male', 'prostate'] },
};

/**
 * The grammar and chatter of questions: searching for these finds everything and nothing. Words that
 * are also subjects ("sick", "fit", "pain") are not here; "what does … mean" and "wont go away" are.
 */
const FILLER_PHRASES = [
  'wont go away',
  "won't go away",
  'will not go away',
  'not going away',
  'that wont go away',
  'all the time',
  'a lot',
  'every day',
  'every night',
  'every spring',
  'what does',
  'what is',
  'whats',
  "what's",
  'can i',
  'can you',
  'should i',
  'do i',
  'is it',
];
export const FILLER = new Set(
  (
    'a about after again all also always am an and any anyone anything are as at be been before being best better but by can cant could did do does ' +
    'doing dont during else ever every for from get gets getting go going good got great had has have having he her him his how i if im in info information into ' +
    'is it its just keep keeps know let like lot me mean means meaning might mine more most much must my myself need needs never not ' +
    'now of off often on one or our out over please properly quite really really seem seems she should so some someone something ' +
    'still such suddenly tell than that the their them then there these they thing things this those tips to too up us very was way ways we ' +
    'were what whats when where which while who why will with without wont would you your yours'
  ).split(' '),
);

/** A light stem for comparing cue words with title words ("signs" / "sign", "recognising" / "recognis"). */
export const cueStem = (word: string) =>
  word
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/(ies|es|s)$/, (m) => (m === 'ies' ? 'y' : m === 'es' ? 'e' : ''));

export interface QueryReading {
  /** The subject's words, in order: what must be found. The query's own words when nothing else is left. */
  subject: string[];
  /** Indexes of the subject's words in the query's words. */
  subjectIndexes: number[];
  intents: Intent[];
  audiences: Audience[];
  /**
   * Whether the query read as more than a list of subject words (a question, an intent, an audience,
   * or a mapped phrase said as a sentence: "had a fit").
   */
  question: boolean;
  /** Whether every word was a cue word (then the subject is the words themselves: "pregnancy", "side effects"). */
  cueOnly: boolean;
}

interface Cue {
  words: string[];
  kind: 'intent' | 'audience' | 'filler';
  intent?: Intent;
  audience?: Audience;
}

const CUES: Cue[] = [
  ...Object.entries(INTENTS).flatMap(([intent, { asks }]) =>
    asks.map((a) => ({ words: a.split(' '), kind: 'intent' as const, intent: intent as Intent })),
  ),
  ...Object.entries(AUDIENCES).flatMap(([audience, { asks }]) =>
    asks.map((a) => ({ words: a.split(' '), kind: 'audience' as const, audience: audience as Audience })),
  ),
  ...FILLER_PHRASES.map((p) => ({ words: p.split(' '), kind: 'filler' as const })),
].sort((a, b) => b.words.length - a.words.length);

/**
 * Reads the query's words (lower case, as the parser gives them). `protectedWords` marks words that the
 * vocabulary mapped as part of a longer phrase ("heart attack", "can't poo"): those stay the subject's
 * even when one of them is also a cue word ("attack", "can't").
 */
export function readQuery(words: string[], protectedWords: boolean[] = []): QueryReading {
  const role: ('subject' | 'cue')[] = words.map(() => 'subject');
  const intents = new Set<Intent>();
  const audiences = new Set<Audience>();
  for (let i = 0; i < words.length; i++) {
    if (protectedWords[i]) continue;
    const cue = CUES.find(
      (c) => c.words.every((w, j) => words[i + j] === w && !protectedWords[i + j]) && i + c.words.length <= words.length,
    );
    if (cue) {
      if (cue.intent) intents.add(cue.intent);
      if (cue.audience) audiences.add(cue.audience);
      role.fill('cue', i, i + cue.words.length);
      i += cue.words.length - 1;
    } else if (FILLER.has(words[i]!.replace(/['’]/g, ''))) role[i] = 'cue';
  }
  const subjectIndexes = role.flatMap((r, i) => (r === 'subject' ? [i] : []));
  // A mapped phrase holding the words of a sentence ("had a fit", "cant breathe", "peeing a lot") is
  // said, not listed: its words as search terms ("had", "fit") find pages that are about something else.
  const spoken = words.some((w, i) => protectedWords[i] && FILLER.has(w.replace(/['’]/g, '')));
  const question = subjectIndexes.length < words.length || spoken;
  // A query of cue words only ("pregnancy", "side effects") is its own subject.
  if (subjectIndexes.length === 0) {
    return { subject: words, subjectIndexes: words.map((_, i) => i), intents: [], audiences: [], question: false, cueOnly: true };
  }
  return {
    subject: subjectIndexes.map((i) => words[i]!),
    subjectIndexes,
    intents: [...intents],
    audiences: [...audiences],
    question,
    cueOnly: false,
  };
}

const ENDINGS = /^(e|es|ed|ing|ren|ment|ement|ation|er|ers)$/;

/** Whether a title (or summary) serves an intent or an audience: one of its cue words or phrases is in it. */
export function serves(text: string, cues: string[]): boolean {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).map(cueStem);
  const joined = ` ${words.join(' ')} `;
  return cues.some((cue) => {
    const stemmed = cue.split(' ').map(cueStem);
    if (stemmed.length > 1) return joined.includes(` ${stemmed.join(' ')} `);
    // A cue may be a stem ("recognis", "manag"): the word must be it plus an ending, never another word ("feverfew").
    return words.some((w) => w === stemmed[0] || (w.startsWith(cue) && ENDINGS.test(w.slice(cue.length))));
  });
}
