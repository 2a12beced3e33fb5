import { DISCUSSION_TOPICS_MAX, TOPIC_ARTICLES, TOPIC_MESSAGES, type Topic } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { HttpError, invalid } from '../../../lib/errors';
import type { DiscussionList } from '../discussions/discussions-service';
import { normalizeTerm } from '../search/query-parser';
import { suggestTopics } from './topic-suggestions';
import { topicsRepository } from './topics-repository';

const topicNotFound = () => new HttpError(404, TOPIC_MESSAGES.notFound);

/**
 * The everyday name shown before the MeSH name, until the reviewed lay vocabulary gives one: the first
 * entry term that is neither inverted ("Pain, Abdominal") nor a spelling of the name itself, and
 * shorter than it ("Migraine" for Migraine Disorders). Entry terms are NLM's own, never invented.
 */
export function layNameOf(name: string, entryTerms: readonly string[]): string | null {
  const own = normalizeTerm(name);
  const candidate = entryTerms.find((term) => {
    const normalized = normalizeTerm(term);
    return !term.includes(',') && normalized !== own && !normalized.startsWith(own) && term.length < name.length;
  });
  return candidate ?? null;
}

/**
 * Topics (PRODUCT.md §4 "Topic"): a MeSH descriptor as a page, with the search ranking's best articles
 * and the discussions tagged with it, and who follows it.
 */
export class TopicsService {
  constructor(
    private db: Db,
    private app: FastifyInstance,
  ) {}

  async show(user: UserRow, ui: string): Promise<Topic> {
    // The descriptor, its tree and its best articles: the search module's own answers.
    const descriptor = await this.app.healthSearch.descriptor(ui).catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404 ? topicNotFound() : err;
    });
    const [articles, follow] = await Promise.all([
      this.app.healthSearch.bestHits(descriptor.name, TOPIC_ARTICLES),
      topicsRepository.followState(this.db, user.id, ui),
    ]);
    return {
      ui: descriptor.ui,
      name: descriptor.name,
      lay_name: layNameOf(descriptor.name, descriptor.entry_terms),
      scope_note: descriptor.scope_note,
      synonyms: descriptor.entry_terms,
      broader: descriptor.broader,
      narrower: descriptor.narrower,
      followed: follow.followed,
      followers_count: follow.followersCount,
      articles: articles.map(({ snippet: _snippet, ...article }) => article),
    };
  }

  /** Public and invite-only discussions tagged with the topic, as the viewer may see them (titles and summaries for non-members). */
  async discussions(user: UserRow, ui: string, cursor: string | undefined): Promise<DiscussionList> {
    await this.requireTopic(ui);
    return this.app.discussions.list(user, { topicUi: ui }, cursor);
  }

  /** Following twice, or unfollowing what one never followed, leaves things as wanted: same answer. */
  async setFollow(user: UserRow, ui: string, followed: boolean): Promise<{ followed: boolean; followers_count: number }> {
    await this.requireTopic(ui);
    if (followed) await topicsRepository.follow(this.db, user.id, ui);
    else await topicsRepository.unfollow(this.db, user.id, ui);
    const state = await topicsRepository.followState(this.db, user.id, ui);
    return { followed: state.followed, followers_count: state.followersCount };
  }

  /**
   * A new discussion's topics: the owner's choice when given; else the article's major topics when it
   * is about one; else (or when the article has none) the search mapping of its title and body.
   */
  async forNewDiscussion(input: {
    title: string;
    body: string;
    articleId: string | null;
    chosen: string[] | undefined;
  }): Promise<string[]> {
    if (input.chosen !== undefined) return this.known(input.chosen);
    const major = input.articleId ? await topicsRepository.majorTopicsOf(this.db, input.articleId) : [];
    if (major.length) return major.slice(0, DISCUSSION_TOPICS_MAX);
    return suggestTopics(this.app.healthSearch, input.title, input.body);
  }

  /** The owner's choice, every one a descriptor we have (422 otherwise, naming the field). */
  async known(uis: string[]): Promise<string[]> {
    const found = await topicsRepository.existing(this.db, uis);
    if (found.length !== uis.length) throw invalid('mesh_terms', TOPIC_MESSAGES.unknown);
    return uis;
  }

  private async requireTopic(ui: string): Promise<void> {
    if ((await topicsRepository.existing(this.db, [ui])).length === 0) throw topicNotFound();
  }
}
