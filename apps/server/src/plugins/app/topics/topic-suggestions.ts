import { DISCUSSION_TOPICS_MAX } from '@wink/contracts';
import type { SearchService } from '../search/search-service';

/** The search mapping reads at most 16 words at a time (query-parser.ts), so longer text is read in parts. */
const WORDS_PER_PART = 16;
/** The body's first words are what it is about; past these, suggestions would only add noise. */
const BODY_PARTS = 4;

/**
 * A discussion's suggested topics: the descriptors its title maps to, then those of its body's first
 * sentences, in that order, at most five. The same automatic term mapping as a search.
 */
export async function suggestTopics(search: SearchService, title: string, body: string): Promise<string[]> {
  const parts = [title, ...sentenceParts(body).slice(0, BODY_PARTS)];
  const uis: string[] = [];
  for (const part of parts) {
    for (const { ui } of await search.map(part)) {
      if (!uis.includes(ui)) uis.push(ui);
      if (uis.length === DISCUSSION_TOPICS_MAX) return uis;
    }
  }
  return uis;
}

/** Sentences, each cut into runs of at most 16 words; Markdown punctuation is just space to the mapping. */
export function sentenceParts(text: string): string[] {
  const parts: string[] = [];
  for (const sentence of text.split(/[.!?;:\n]+/)) {
    const words = sentence
      .replace(/[#*_`>[\]()-]+/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    for (let i = 0; i < words.length; i += WORDS_PER_PART) parts.push(words.slice(i, i + WORDS_PER_PART).join(' '));
  }
  return parts;
}
