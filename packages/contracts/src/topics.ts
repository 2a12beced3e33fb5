import { z } from 'zod';
import { articleSummary, meshTermRef } from './articles';
import { cursorQuery, resource } from './common';

/** A discussion carries at most this many topics (MeSH descriptors). */
export const DISCUSSION_TOPICS_MAX = 5;
/** How many of the search ranking's best articles a topic page shows. */
export const TOPIC_ARTICLES = 6;
export const TOPIC_MESSAGES = {
  notFound: 'The topic was not found.',
  tooMany: `A discussion can have at most ${DISCUSSION_TOPICS_MAX} topics.`,
  unknown: 'One of the topics is not a MeSH descriptor we know.',
} as const;

const MESH_UI = /^D\d{6,9}$/;

/** A topic as a discussion carries it: the descriptor's UI and its MeSH name. */
export const topicRef = z.object({ ui: z.string(), name: z.string() });
export type TopicRef = z.infer<typeof topicRef>;

/**
 * The owner's choice of topics, as descriptor UIs, in order. Absent: the server suggests them (the
 * article's major topics, else the search mapping of the title and body); an empty list means none.
 */
export const discussionTopicsInput = z.preprocess(
  // A form cannot send an empty list: an empty value stands for none.
  (v) => (v === '' ? [] : v),
  z
    .array(z.string().trim().regex(MESH_UI, TOPIC_MESSAGES.unknown))
    .transform((uis) => [...new Set(uis)])
    // A refinement rather than .max(): its sentence says what a topic is, not "items".
    .refine((uis) => uis.length <= DISCUSSION_TOPICS_MAX, TOPIC_MESSAGES.tooMany),
);

export const topicParams = z.object({ ui: z.string().max(32) });

/** GET topics/{ui}: a MeSH descriptor as a page (docs/data.md "Topic"). */
export const topic = z.object({
  ui: z.string(),
  name: z.string().describe("MeSH's preferred name"),
  lay_name: z.string().nullable().describe('The everyday name shown first, when the vocabulary has one'),
  scope_note: z.string(),
  synonyms: z
    .array(z.string())
    .describe(
      'Other names ("Also called"): entry terms and everyday names in natural word order, each once, the most common first, at most 10',
    ),
  broader: z.array(topicRef),
  narrower: z.array(topicRef),
  followed: z.boolean(),
  followers_count: z.number().int(),
  articles: z
    .array(articleSummary.extend({ mesh_terms: z.array(meshTermRef) }))
    .describe("The search ranking's best articles for the descriptor"),
});
export type Topic = z.infer<typeof topic>;
export const topicResponse = resource(topic);

/** GET topics/{ui}/discussions: public and invite-only discussions tagged with it, most recent activity first. */
export const topicDiscussionsQuery = cursorQuery;

export const topicFollowResponse = resource(z.object({ followed: z.boolean(), followers_count: z.number().int() }));
