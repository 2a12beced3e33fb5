import { gridCell, type NotificationChannel, type NotificationGridChange, type NotificationKind } from '@wink/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  analyticsEvents,
  feedback,
  notifications,
  pushRegistrations,
  subscriptions,
  userBlocks,
  users,
  webPushSubscriptions,
  type UserRow,
} from '../../../db/schema/index';
import { sessionsRepository, tokensRepository } from '../auth/sessions-repository';
import { collectionsForUserExport } from '../collections/collection-user-export';
import { conversationsForUserExport } from '../healthbot/healthbot-user-export';
import { toUserResource } from './user-resource';
import { usersRepository, type UserChanges } from './users-repository';

interface ProfileChanges {
  name?: string;
  display_name?: string;
  avatar_color?: string;
}

interface SettingsChanges {
  email_notifications?: boolean;
  web_notifications?: boolean;
  push_notifications?: boolean;
  notification_grid?: NotificationGridChange;
  newsletter_subscription?: boolean;
}

/** A change to the grid as the cells it turns off and on. */
function gridCells(change: NotificationGridChange): { off: string[]; on: string[] } {
  const off: string[] = [];
  const on: string[] = [];
  for (const [kind, channels] of Object.entries(change) as [
    NotificationKind,
    Partial<Record<NotificationChannel, boolean>> | undefined,
  ][]) {
    for (const [channel, value] of Object.entries(channels ?? {}) as [NotificationChannel, boolean][]) {
      (value ? on : off).push(gridCell(kind, channel));
    }
  }
  return { off, on };
}

/** Everything a person may change about their own account, and the right to take it all away. */
export class UsersService {
  constructor(private db: Db) {}

  updateProfile(user: UserRow, changes: ProfileChanges): Promise<UserRow> {
    const set: UserChanges = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.display_name !== undefined) set.displayName = changes.display_name;
    if (changes.avatar_color !== undefined) set.avatarColor = changes.avatar_color;
    return Object.keys(set).length ? usersRepository.update(this.db, user.id, set) : Promise.resolve(user);
  }

  updateSettings(user: UserRow, changes: SettingsChanges): Promise<UserRow> {
    const set: UserChanges = {};
    if (changes.email_notifications !== undefined) set.emailNotifications = changes.email_notifications;
    if (changes.web_notifications !== undefined) set.webNotifications = changes.web_notifications;
    if (changes.push_notifications !== undefined) set.pushNotifications = changes.push_notifications;
    if (changes.newsletter_subscription !== undefined) set.newsletterSubscription = changes.newsletter_subscription;
    const cells = changes.notification_grid ? gridCells(changes.notification_grid) : undefined;
    if (!cells && !Object.keys(set).length) return Promise.resolve(user);
    return this.db.transaction(async (tx) => {
      if (cells) await usersRepository.changeMutedNotifications(tx, user.id, cells.off, cells.on);
      // Also what touches updated_at and returns the row as it now is.
      return usersRepository.update(tx, user.id, set);
    });
  }

  /**
   * Deletes the account. Sessions, tokens, devices and subscriptions go with the row (foreign keys
   * cascade); feedback and analytics stay only as anonymous figures.
   */
  async deleteAccount(user: UserRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(feedback).set({ userId: null }).where(eq(feedback.userId, user.id));
      await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, user.id));
      await usersRepository.delete(tx, user.id);
    });
  }

  /** Everything we hold about a person, in one JSON document (the right of access). */
  async export(user: UserRow, currentSessionId: string | null) {
    const [
      sessionRows,
      tokenRows,
      subscriptionRows,
      deviceRows,
      webPushRows,
      feedbackRows,
      eventRows,
      blockRows,
      notificationRows,
      collectionList,
      conversationList,
    ] = await Promise.all([
      sessionsRepository.listForUser(this.db, user.id),
      tokensRepository.listForUser(this.db, user.id),
      this.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
      this.db.select().from(pushRegistrations).where(eq(pushRegistrations.userId, user.id)),
      this.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, user.id)),
      this.db.select().from(feedback).where(eq(feedback.userId, user.id)),
      this.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.id)),
      this.db
        .select({ sid: users.sid, name: users.name, displayName: users.displayName, blockedAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, user.id))
        .orderBy(desc(userBlocks.createdAt)),
      this.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.createdAt)),
      collectionsForUserExport(this.db, user.id),
      conversationsForUserExport(this.db, user.id),
    ]);
    return {
      exported_at: new Date().toISOString(),
      user: toUserResource(user),
      sessions: sessionRows.map((s) => ({
        current: s.id === currentSessionId,
        ip: s.ip,
        user_agent: s.userAgent,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
      })),
      access_tokens: tokenRows.map((t) => ({
        name: t.name,
        created_at: t.createdAt.toISOString(),
        last_used_at: t.lastUsedAt?.toISOString() ?? null,
      })),
      subscriptions: subscriptionRows.map((s) => ({
        plan_id: s.planId,
        status: s.status,
        provider: s.provider,
        current_period_end: s.currentPeriodEnd?.toISOString() ?? null,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        created_at: s.createdAt.toISOString(),
      })),
      push_registrations: deviceRows.map((d) => ({
        platform: d.platform,
        device_id: d.deviceId,
        device_name: d.deviceName,
        locale: d.locale,
        app_version: d.appVersion,
        created_at: d.createdAt.toISOString(),
      })),
      // The browser's endpoint and user agent; the encryption keys are the browser's own secret.
      web_push_subscriptions: webPushRows.map((w) => ({
        endpoint: w.endpoint,
        user_agent: w.userAgent,
        created_at: w.createdAt.toISOString(),
      })),
      feedback: feedbackRows.map((f) => ({
        message: f.message,
        rating: f.rating,
        page: f.page,
        app_version: f.appVersion,
        created_at: f.createdAt.toISOString(),
      })),
      analytics_events: eventRows.map((e) => ({
        name: e.name,
        properties: e.properties,
        page: e.page,
        occurred_at: e.occurredAt.toISOString(),
      })),
      blocked_users: blockRows.map((b) => ({
        sid: b.sid,
        name: b.name,
        display_name: b.displayName,
        blocked_at: b.blockedAt.toISOString(),
      })),
      notifications: notificationRows.map((n) => ({
        type: n.type,
        data: n.data,
        read_at: n.readAt?.toISOString() ?? null,
        created_at: n.createdAt.toISOString(),
      })),
      collections: collectionList,
      healthbot_conversations: conversationList,
    };
  }
}
