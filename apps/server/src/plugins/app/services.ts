import fp from 'fastify-plugin';
import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../../lib/rate-limiter';
import { limiterRedis } from '../../lib/redis';
import { AdminConsole } from './admin/admin-console';
import { AuthService } from './auth/auth-service';
import { BillingService } from './billing/billing-service';
import { SessionManager } from './auth/session-manager';
import { sessionsRepository } from './auth/sessions-repository';
import { BlocksService } from './blocks/blocks-service';
import { CollectionsService } from './collections/collections-service';
import { CommentsService } from './comments/comments-service';
import { DiscussionsService } from './discussions/discussions-service';
import { MembersService } from './discussions/members-service';
import { DomainEventBus } from './events/domain-event-bus';
import { Dependencies } from './health/dependencies';
import { HealthbotService } from './healthbot/healthbot-service';
import { startScheduledSync, SYNC_TICK_CRON } from './corpus/sync/corpus-sync';
import { JobQueue } from './jobs/job-queue';
import { cronEvery } from './jobs/cron';
import { sentMessages } from './jobs/sent-messages';
import { OutboxTransport, smtpTransport, type MailTransport } from './mail/mail-transport';
import { Mailer } from './mail/mailer';
import { databaseMaintenanceStore, fileMaintenanceStore, MaintenanceMode, type MaintenanceStore } from './maintenance/maintenance-store';
import { NotificationDelivery } from './notifications/delivery/notification-delivery';
import { NotificationsService } from './notifications/notifications-service';
import { Notifier } from './notifications/notifier';
import { PeopleService } from './people/people-service';
import { ReportsService } from './reports/reports-service';
import { SearchService } from './search/search-service';
import { TopicsService } from './topics/topics-service';
import { rankingOf } from './search/ranking';
import { ensureImpactWeights } from './search/title-impacts';
import { UsersService } from './users/users-service';

export interface Services {
  config: Config;
  database: Database;
  /** Whether PostgreSQL and Redis answer: outages logged once, 503 while the database is away. */
  dependencies: Dependencies;
  jobs: JobQueue;
  /** Community changes (comments, invites, follows, ...) for whoever must hear of them. */
  events: DomainEventBus;
  mailer: Mailer;
  maintenance: MaintenanceMode;
  limiter: RateLimiter;
  sessions: SessionManager;
  auth: AuthService;
  users: UsersService;
  blocks: BlocksService;
  notifications: NotificationsService;
  /** Writes notifications for the domain events; later deliveries (sockets, mail, push) listen to it. */
  notifier: Notifier;
  /** Mail, web push and Android push for each notification written, through the job queue. */
  delivery: NotificationDelivery;
  /** Not `search`: Fastify already has that name (the HTTP SEARCH method). */
  healthSearch: SearchService;
  comments: CommentsService;
  people: PeopleService;
  reports: ReportsService;
  discussions: DiscussionsService;
  members: MembersService;
  /** Topic pages, topic follows and a discussion's topics. */
  topics: TopicsService;
  collections: CollectionsService;
  /** Subscriptions: checkout (Stripe or the built-in test checkout), payment events, trial reminders. */
  billing: BillingService;
  /** The admin console: figures, plans, people, the reports queue, maintenance. */
  admin: AdminConsole;
  /** Wink, the healthbot: answers from the search module's articles, optionally written by an LLM. */
  healthbot: HealthbotService;
}

declare module 'fastify' {
  interface FastifyInstance extends Services {}
}

export interface ServiceOptions {
  config: Config;
  database: Database;
  /** Tests swap the mail transport for one they can read; everything else stays real. */
  mailTransport?: MailTransport;
  /** Whether to run the job workers, schedules and maintenance poller (tests drive them by hand). */
  background?: boolean;
}

export function maintenanceStoreFor(config: Config, database: Database): MaintenanceStore {
  return database.kind === 'postgres' ? databaseMaintenanceStore(database.db) : fileMaintenanceStore(config.dataDir);
}

export function mailTransportFor(config: Config): MailTransport {
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxTransport(path.join(config.dataDir, 'outbox'), config.MAIL_FROM);
}

/** The composition root: every service is built here once and hung on the app. */
export const servicesPlugin = fp<ServiceOptions>(async (app, { config, database, mailTransport, background = true }) => {
  const { db } = database;
  const dependencies = new Dependencies(app.log, database, Boolean(config.REDIS_URL));
  const jobs = new JobQueue(database, app.log, {
    pollMs: config.JOBS_POLL_MS,
    timeoutSeconds: config.JOBS_TIMEOUT_SECONDS,
    keepSeconds: config.JOBS_KEEP_SECONDS,
    health: dependencies.database,
    background,
  });
  const mailer = new Mailer(jobs, mailTransport ?? mailTransportFor(config));
  const maintenance = new MaintenanceMode(maintenanceStoreFor(config, database), config.MAINTENANCE_POLL_MS);
  const redis = config.REDIS_URL && dependencies.redis ? limiterRedis(config.REDIS_URL, dependencies.redis) : null;
  const limiter = redis ? redisRateLimiter(redis, `${config.REDIS_PREFIX}rl:`) : memoryRateLimiter();
  const sessions = new SessionManager(db, config);
  const events = new DomainEventBus(app.log);
  const comments = new CommentsService(db, { events, limiter, config });
  const ranking = rankingOf(config);
  const healthSearch = new SearchService(db, config.SEARCH_HIT_BUDGET, ranking);
  // Which way pages are ranked, so an operator can tell (docs/design.md, "Search"): the same on both databases.
  // Impacts computed with other weights (or an older formula) are written again, which takes minutes
  // at a million articles: a server with background work does it after it starts listening, exact
  // meanwhile (a search ranks its title tier whole until the impacts are its own).
  const describeImpacts = (impacts: string) =>
    app.log.info(
      `search: Best Match, exact pages on ${database.kind}: one-word searches read impact-ordered title words (${impacts}), others rank in tiers (title index, then the rest)`,
    );
  const impactsDone = ensureImpactWeights(db, ranking, () => describeImpacts('being computed'))
    .catch((err: unknown) => {
      app.log.warn({ err }, 'search: the title impacts could not be brought up to date; one-word searches rank their title tier whole');
      return 'unavailable';
    })
    .then(describeImpacts);
  if (!background) await impactsDone;

  const discussions = new DiscussionsService(db, {
    events,
    limiter,
    config,
    // A topic page lists discussions and a discussion asks the topics for its own: the topics are
    // built next, and asked only once requests come.
    topics: { forNewDiscussion: (input) => topics.forNewDiscussion(input), known: (uis) => topics.known(uis) },
  });
  const topics: TopicsService = new TopicsService(db, { search: healthSearch, discussions });
  const auth = new AuthService(db, config, mailer);
  const services: Services = {
    config,
    database,
    dependencies,
    jobs,
    events,
    mailer,
    maintenance,
    limiter,
    sessions,
    auth,
    users: new UsersService(db),
    blocks: new BlocksService(db),
    notifications: new NotificationsService(db),
    notifier: new Notifier(db, app.log),
    delivery: new NotificationDelivery({ db, queue: jobs, config, mailTransport: mailer.transport, log: app.log }),
    healthSearch,
    comments,
    people: new PeopleService(db, events),
    reports: new ReportsService(db, comments),
    discussions,
    members: new MembersService(db, { events, limiter, config }),
    topics,
    collections: new CollectionsService(db),
    billing: new BillingService(db, config, mailer, app.log),
    admin: new AdminConsole(db, { auth, maintenance, config }),
    healthbot: new HealthbotService(db, { config, limiter, search: healthSearch, log: app.log }),
  };
  for (const [name, value] of Object.entries(services)) app.decorate(name, value);
  // Discussion bodies from before their rendering was stored (migration 0029) get it once, here.
  const bodiesRendered = services.discussions
    .renderMissingBodies()
    .catch((err: unknown) => app.log.warn({ err }, 'discussions: the stored renderings could not be filled; such bodies render on read'));
  if (!background) await bodiesRendered;
  // After the publishers' commits: each event's notifications are written by the bus's subscribers.
  services.notifier.attach(services.events);
  // In the notifications' own transaction: a committed notification always has its delivery queued.
  services.delivery.attach(services.notifier);

  // Schedules of the job queue, run once per due time by whichever process claims them. Expired
  // sessions are refused on sight: the sweep only keeps the table small.
  void jobs.every('sessions.sweep', '7 * * * *', () => sessionsRepository.deleteExpired(db));
  void jobs.every('sent-messages.sweep', '37 * * * *', () => sentMessages.sweep(db));
  void jobs.every('billing.sweep', cronEvery(config.BILLING_SWEEP_MS), async () => void (await services.billing.sweep()));
  // The corpus follows PubMed and MedlinePlus when configured (docs/design.md, "Keeping the corpus current").
  void jobs.every('corpus.sync', SYNC_TICK_CRON, async () => startScheduledSync(db, config, app.log));
  await jobs.open();
  if (background) {
    await maintenance.start();
    await jobs.start();
  } else {
    await maintenance.refresh();
  }
  app.addHook('onClose', async () => {
    await impactsDone;
    // Subscribers still writing (notifications) finish before the database goes away.
    await services.events.settled();
    sessions.close();
    maintenance.stop();
    await jobs.stop();
    dependencies.close();
    redis?.disconnect();
  });
});
