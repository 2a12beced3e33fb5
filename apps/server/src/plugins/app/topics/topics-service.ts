import { DISCUSSION_TOPICS_MAX, TOPIC_ARTICLES, TOPIC_MESSAGES, type Topic } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { HttpError, invalid } from '../../../lib/errors';
import type { DiscussionList, DiscussionsService } from '../discussions/discussions-service';
import type { SearchService } from '../search/search-service';
import { RecentAnswers } from '../../../lib/recent-answers';
import { vocabularyVersion } from '../search/vocabulary-repository';
import { topicNames } from './topic-names';
import { suggestTopics } from './topic-suggestions';
import { topicsRepository } from './topics-repository';

const topicNotFound = () => new HttpError(404, TOPIC_MESSAGES.notFound);
const TOPIC_PAGES_KEPT = 2_000;
/** An import in another process (the CLI) shows on topic pages within this time. */
const TOPIC_PAGE_TTL_MS = 60_000;

/**
 * Topics (docs/data.md "Topic"): a MeSH descriptor as a page, with the search ranking's best articles
 * and the discussions tagged with it, and who follows it.
 */
export class TopicsService {
  constructor(
    private db: Db,
    private collaborators: { search: SearchService; discussions: Pick<DiscussionsService, 'list'> },
  ) {}

  /**
   * A topic's page is the same for everyone but for the follow state: the descriptor, its tree and
   * its best articles are kept a minute per process (the search ranking over the whole corpus is most
   * of the page's cost), and anew as soon as the vocabulary is reloaded.
   */
  private pages = new RecentAnswers<Omit<Topic, 'followed' | 'followers_count'>>(TOPIC_PAGES_KEPT, TOPIC_PAGE_TTL_MS);

  async show(user: UserRow, ui: string): Promise<Topic> {
    const [page, follow] = await Promise.all([
      this.pages.get(ui, vocabularyVersion.current, () => this.page(ui)),
      topicsRepository.followState(this.db, user.id, ui),
    ]);
    return { ...page, followed: follow.followed, followers_count: follow.followersCount };
  }

  /** The descriptor, its tree and its best articles (the search module's own answers), with its names as people say them. */
  private async page(ui: string): Promise<Omit<Topic, 'followed' | 'followers_count'>> {
    const descriptor = await this.collaborators.search.descriptor(ui).catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404 ? topicNotFound() : err;
    });
    const [articles, everydayNames] = await Promise.all([
      this.collaborators.search.bestHits(descriptor.name, TOPIC_ARTICLES),
      topicsRepository.everydayNames(this.db, descriptor.ui),
    ]);
    const names = topicNames(descriptor.name, descriptor.entry_terms, everydayNames);
    return {
      ui: descriptor.ui,
      name: descriptor.name,
      lay_name: names.layName,
      scope_note: descriptor.scope_note,
      synonyms: names.otherNames,
      broader: descriptor.broader,
      narrower: descriptor.narrower,
      articles: articles.map(({ snippet: _snippet, ...article }) => article),
    };
  }

  /** Public and invite-only discussions tagged with the topic, as the viewer may see them (titles and summaries for non-members). */
  async discussions(user: UserRow, ui: string, cursor: string | undefined): Promise<DiscussionList> {
    await this.requireTopic(ui);
    return this.collaborators.discussions.list(user, { topicUi: ui }, cursor, false);
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
    return suggestTopics(this.collaborators.search, this.db, input.title, input.body);
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
