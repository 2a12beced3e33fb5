import type { EmergencyTopic } from './safety';

/**
 * Every sentence Wink says in its own words (all else is quoted from cited articles). Kept in one
 * place so they can be reviewed together: none diagnoses, none doses, none asks who the person is.
 */

export const EMERGENCY_TEXT: Record<EmergencyTopic, string> = {
  physical:
    'This could be a medical emergency. Call your local emergency number now (for example 911 in the US and Canada, 112 in the EU, ' +
    '999 in the UK, 000 in Australia). Do not wait to see if it passes and do not drive yourself; the call handler will tell you what ' +
    'to do until help arrives.',
  overdose:
    'This could be a medical emergency. If someone may have taken too much of a medicine or swallowed something harmful, call your ' +
    'local emergency number now (for example 911 in the US and Canada, 112 in the EU, 999 in the UK, 000 in Australia), even if ' +
    'they seem fine. A poison control centre can also help (1-800-222-1222 in the US). Keep the packet or bottle to show.',
  suicide:
    'I am really sorry you are going through this. If you might act on thoughts of ending your life or harming yourself, call your ' +
    'local emergency number now. You can talk to someone at a crisis line at any hour: call or text 988 in the US and Canada, ' +
    'call Samaritans on 116 123 in the UK and Ireland, or find your local line at findahelpline.com. You do not have to go through ' +
    'this alone.',
};

export const NOT_ADVICE =
  'This is general information from the articles cited, not medical advice. Wink cannot diagnose you or tell you what dose to take; ' +
  'a doctor, nurse or pharmacist can.';

export const ASKS_PREFACE = {
  diagnosis: 'I cannot tell whether you have a condition; only a clinician who examines you can. Here is what the articles say.',
  dose: 'I cannot tell you how much of a medicine to take; a pharmacist or doctor can, and so can the leaflet in the pack. Here is what the articles say.',
} as const;

export const INTRO = 'Here is what our articles say.';

export const noResultsText = (query: string) =>
  query
    ? `I could not find anything about that in our articles, so I would rather not guess. Try searching the library for “${query}”, or ask in other words.`
    : 'I could not find anything about that in our articles, so I would rather not guess. Try the search page, or ask in other words.';

export const REFUSAL_TEXT =
  'I can only answer health questions from the articles in our library, and my rules stay the same for every question. ' +
  'Ask me about a health topic, for example “What helps with hay fever?”';

export const FALLBACK_MESSAGE = {
  timeout: 'The AI writer took too long, so here is the answer taken straight from the articles instead.',
  error: 'The AI writer is not available right now, so here is the answer taken straight from the articles instead.',
  unsupported: 'The AI writer’s answer did not stick to the cited articles, so here is the answer taken straight from them instead.',
} as const;

export const STREAM_ERROR = 'Wink could not finish this answer. Please try again.';
