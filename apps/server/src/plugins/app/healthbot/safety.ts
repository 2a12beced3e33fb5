/**
 * The safety classifier: runs on every message before retrieval or any model sees it. It is rules,
 * not a model, so it is fast, offline and the same on every run; it errs on the side of calling an
 * emergency an emergency (a false alarm costs a paragraph, a miss could cost a life).
 */

export type EmergencyTopic = 'suicide' | 'overdose' | 'physical';

export interface SafetyVerdict {
  /** Set when the message describes an emergency: the answer opens with the emergency wording. */
  emergency: EmergencyTopic | null;
  /** The message tries to change the bot's rules ("ignore your instructions"): answered with a refusal. */
  injection: boolean;
  /** The message asks for a diagnosis or a dose, which the bot never gives: the answer says so first. */
  asks: 'diagnosis' | 'dose' | null;
}

/** Apostrophes and dashes of every kind become plain ones, so "can’t" and "can't" read the same. */
export function normalizeForSafety(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

// Thoughts of suicide or self-harm: any mention gets the crisis wording, even a question for a friend.
const SUICIDE = [
  /\bsuicid(e|al)\b/,
  /\bkill(ing)? (my ?self|myself)\b/,
  /\b(end|take|ending|taking) (my|his|her|their) (own )?life\b/,
  /\bwant(s)? to die\b/,
  /\b(don't|do not|dont) want to (live|be alive|wake up)\b/,
  /\b(better off|be better) dead\b/,
  /\bno (reason|point) (in |to )?(living|live|going on)\b/,
  /\bself[- ]?harm(ing)?\b/,
  /\b(hurt|hurting|harm|harming|cut|cutting) (my ?self|myself)\b/,
  /\bhang (my ?self|myself)\b/,
  /\bcan't go on\b/,
];

const OVERDOSE = [
  /\boverdos(e|ed|ing)\b/,
  /\b(took|taken|swallowed|ate|drank|had) (too many|too much|a (whole|full) (bottle|pack|packet|box)|all (my|the|his|her) (pills|tablets|meds|medication))/,
  /\b(took|taken|swallowed) (\d+|twenty|thirty|forty|fifty|a lot of|lots of) (pills|tablets|capsules)\b/,
  /\b(drank|swallowed|ate) (bleach|antifreeze|detergent|poison|a detergent pod|a battery|button battery|weed killer)\b/,
  /\bpoison(ed|ing)\b.*\b(i|my|he|she|child|kid|baby|son|daughter)\b|\b(i|my|he|she|child|kid|baby|son|daughter)\b.*\bpoison(ed|ing)\b/,
];

// Emergencies in themselves, whoever they happen to.
const ALWAYS_URGENT = [
  /\b(can't|cannot|cant|can not|unable to) (breathe|breath|catch (my|his|her) breath)\b/,
  /\b(not|isn't|is not|stopped|stop) breathing\b/,
  /\b(having|had|is having|think i'm having|i'm having|im having) (a )?(heart attack|stroke|seizure that)\b/,
  /\b(unconscious|unresponsive|won't wake up|will not wake up|can't wake (him|her|them|my))\b/,
  /\b(collapsed|passed out and|fainted and (won't|isn't|is not|can't))\b/,
  /\b(won't|will not|doesn't|does not|can't|cannot) stop bleeding\b/,
  /\b(bleeding|blood) (everywhere|heavily|a lot|badly|profusely|won't stop)\b/,
  /\b(spurting|pouring|gushing) blood\b|\bblood (is )?(spurting|pouring|gushing)\b/,
  /\bchoking\b/,
  /\b(throat|tongue|lips?) (is |are )?(closing|swelling|swollen) (up|shut)?/,
  /\banaphyla(xis|ctic)\b.*\b(now|having|i|my|he|she)\b/,
  /\b(lips|face|skin) (are |is |turning |turned |going )+blue\b/,
  /\bseizure (for|lasting) (more than )?(5|five|ten|10) minutes\b|\bwon't stop (shaking|seizing|fitting)\b/,
  /\bworst headache (of|in) my life\b|\bthunderclap headache\b.*\b(i|my|now)\b/,
  /\b(call|calling) (an )?ambulance\b|\bneed an ambulance\b|\bis this an emergency\b/,
];

// Symptoms that are an emergency when they are happening to someone now; asked about in general, they are a question.
const PERSONAL_SYMPTOMS = [
  /\bchest (pain|pains|pressure|tightness|is tight|hurts|feels tight|feels heavy|discomfort)\b/,
  /\b(pain|pressure|tightness|squeezing) in (my|his|her|the) chest\b/,
  /\b(crushing|squeezing) (pain|feeling)\b/,
  /\b(face|mouth|smile) (is |has )?(drooping|droops|dropped|droopy|fallen)\b|\bdrooping (face|mouth)\b/,
  /\bslurred (speech|words)\b|\bslurring\b|\b(suddenly )?(can't|cannot) (speak|talk|get words out)\b/,
  /\b(numb|numbness|weak|weakness|paralys(ed|is)|can't move)\b.*\b(one side|left side|right side|arm and leg|half of)\b/,
  /\b(coughing|vomiting|throwing) up blood\b|\b(vomiting|coughing) blood\b/,
  /\b(trouble|difficulty|struggling|hard|problems?) (breathing|to breathe)\b|\bgasping\b|\bshort of breath (and|with|at rest|suddenly)\b/,
  /\bsevere allergic reaction\b|\ballergic reaction\b.*\b(swell|breath)/,
  /\bsudden (and )?(severe|very bad|terrible) headache\b/,
  /\b(seizure|fit|convulsion)s? (now|right now)\b|\bhaving (a )?(seizure|fit|convulsion)\b/,
  /\bbleeding\b.*\b(deep|won't|severe|lots)\b/,
  /\bstiff neck\b.*\b(rash|fever)\b/,
  /\bsuddenly (confused|can't see|blind|collapsed|weak)\b/,
];

const PERSON =
  /\b(i|i'm|im|i've|ive|me|my|we|our|he|she|he's|she's|his|her|they|they're|them|someone|somebody|mum|mom|dad|father|mother|son|daughter|child|kid|baby|husband|wife|partner|friend|grandma|grandpa|grandmother|grandfather|neighbou?r|brother|sister|boyfriend|girlfriend)\b/;

const INJECTION = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules|prompts?|guidelines|directions|constraints|programming)\b/,
  /\bsystem prompt\b|\byour (initial |original |hidden )?(prompt|instructions)\b/,
  /\byou are (now|no longer)\b|\bfrom now on,? you\b/,
  /\b(pretend|act|behave) (to be|as if|like|as) (you|a|an|my)\b/,
  /\b(jailbreak|developer mode|dan mode|do anything now)\b/,
  /\bnew (instructions|rules)\s*:/,
  /<\/?(system|assistant|instructions?)>|\[\/?(system|inst)\]/,
];

const DIAGNOSIS = [
  /\b(do|could|might) i (have|be having|have got)\b(?! to)/,
  /\bwhat (do|could|might) i have\b/,
  /\bdiagnos(e|is)\b/,
  /\bwhat('s| is) wrong with (me|my|him|her)\b/,
  /\bam i (sick|ill|diabetic|pregnant|dying)\b/,
];

const DOSE = [
  /\bhow (much|many)\b.{0,40}\b(take|give|mg|milligrams?|tablets?|pills?|doses?|units|puffs)\b/,
  /\b(dose|doses|dosage|dosing)\b/,
  /\b\d+(\.\d+)?\s?(mg|mcg|ml|milligrams?)\b/,
  /\bhow often (should|can|do) (i|we|you) take\b/,
];

const anyMatch = (patterns: RegExp[], text: string) => patterns.some((p) => p.test(text));

export function emergencyTopic(message: string): EmergencyTopic | null {
  const text = normalizeForSafety(message);
  if (anyMatch(SUICIDE, text)) return 'suicide';
  if (anyMatch(OVERDOSE, text)) return 'overdose';
  if (anyMatch(ALWAYS_URGENT, text)) return 'physical';
  if (anyMatch(PERSONAL_SYMPTOMS, text) && PERSON.test(text)) return 'physical';
  return null;
}

export function classifyMessage(message: string): SafetyVerdict {
  const text = normalizeForSafety(message);
  return {
    emergency: emergencyTopic(message),
    injection: anyMatch(INJECTION, text),
    asks: anyMatch(DOSE, text) ? 'dose' : anyMatch(DIAGNOSIS, text) ? 'diagnosis' : null,
  };
}

/** An amount of a medicine ("400 mg", "2 tablets"): a sentence carrying one is never quoted, so no answer doses. */
const AMOUNT =
  /\b\d+(?:[.,]\d+)?\s?(?:mg|mcg|µg|micrograms?|milligrams?|g|grams?|ml|millilit(?:re|er)s?|units?|iu|tablets?|pills?|capsules?|puffs?|drops?)\b/i;

export const mentionsDose = (sentence: string) => AMOUNT.test(sentence);
