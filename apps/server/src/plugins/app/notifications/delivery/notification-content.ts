import type { NotificationData, NotificationType } from '@wink/contracts';

/** What a notification says outside the app (mail, web push, Android push), in the web page's words. */
export interface NotificationContent {
  /** One sentence: "Lena commented in Walking after meals". */
  sentence: string;
  /** The discussion's title, or the product's name when it is about no discussion. */
  title: string;
  /** The in-app path a tap or a click opens (docs/data.md, "Notification tap"). */
  path: string;
}

export interface ContentInput {
  type: NotificationType;
  data: NotificationData;
  actorName: string | null;
}

const PRODUCT = 'Wink Health';

const discussionPath = (data: NotificationData) =>
  data.subject_id ? `/discussions/${encodeURIComponent(data.subject_id)}` : '/notifications';
const commentPath = (data: NotificationData) =>
  data.subject_id && data.comment_id ? `${discussionPath(data)}/comments/${encodeURIComponent(data.comment_id)}` : discussionPath(data);

/** The tap rules of docs/data.md, the same the web app's notificationPath and the Android shell follow. */
const PATHS: Record<NotificationType, (data: NotificationData) => string> = {
  'comment.created': commentPath,
  'comment.followed.created': commentPath,
  'discussionAccess.created': discussionPath,
  'discussionAccess.request.rejected': discussionPath,
  'discussionAccess.request.accepted': discussionPath,
  'discussion.created': discussionPath,
  'topic.discussion.created': discussionPath,
  'discussionAccess.request.created': (data) => (data.subject_id ? `${discussionPath(data)}/members` : '/notifications'),
  'user.followed': (data) => (data.follower_sid ? `/user-profile/${encodeURIComponent(data.follower_sid)}` : '/notifications'),
};

/** The sentences of the web app's notifications page (locales/en/notifications.ts), for one event or a collapsed few. */
function sentence(type: NotificationType, actor: string, title: string, count: number, topic: string): string {
  const many = count > 1;
  switch (type) {
    case 'comment.created':
      return many ? `${count} new comments in ${title}, the latest from ${actor}` : `${actor} commented in ${title}`;
    case 'comment.followed.created':
      return many
        ? `${count} new replies to a thread you follow in ${title}, the latest from ${actor}`
        : `${actor} replied to a thread you follow in ${title}`;
    case 'discussion.created':
      return `${actor} started a discussion: ${title}`;
    case 'discussionAccess.created':
      return `${actor} invited you to ${title}`;
    case 'discussionAccess.request.created':
      return many ? `${count} people asked to join ${title}, the latest ${actor}` : `${actor} asked to join ${title}`;
    case 'discussionAccess.request.accepted':
      return `${actor} accepted your request to join ${title}`;
    case 'discussionAccess.request.rejected':
      return `${actor} declined your request to join ${title}`;
    case 'user.followed':
      return `${actor} started following you`;
    case 'topic.discussion.created':
      return `${actor} started a discussion on ${topic}: ${title}`;
  }
}

/** What one notification says; `count` is 1 for a single event (a digest lists events one by one). */
export function notificationContent({ type, data, actorName }: ContentInput, count = 1): NotificationContent {
  const discussionTitle = data.subject_title?.trim() || 'a discussion';
  return {
    sentence: sentence(type, actorName?.trim() || 'Someone', discussionTitle, count, data.topic_name?.trim() || 'a topic you follow'),
    title: data.subject_id ? discussionTitle : PRODUCT,
    path: PATHS[type](data),
  };
}

/** The push data of docs/data.md: `{type, subject_id, comment_id, follower_sid}`, the keys a notification has. */
export function pushData(type: NotificationType, data: NotificationData): Record<string, string> {
  const out: Record<string, string> = { type };
  for (const key of ['subject_id', 'comment_id', 'follower_sid'] as const) {
    const value = data[key];
    if (typeof value === 'string' && value) out[key] = value;
  }
  return out;
}
