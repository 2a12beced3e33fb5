import type { NotificationType } from '@wink/contracts/notifications';
import { paths } from '../paths';

/** The data a push notification carries (docs/data.md: type, subject_id, comment_id, follower_sid). */
export interface PushNotificationData {
  type?: string;
  subject_id?: string | number;
  comment_id?: string | number;
  follower_sid?: string;
}

type Route = (data: PushNotificationData) => string | null;

const discussion: Route = ({ subject_id }) => (subject_id ? paths.DiscussionsShow(subject_id) : null);
const comment: Route = ({ subject_id, comment_id }) =>
  subject_id && comment_id ? paths.DiscussionsShowComment(subject_id, comment_id) : discussion({ subject_id });

/** Where a tap on each notification type leads (docs/data.md, "Notification tap"). */
const routes: Record<NotificationType, Route> = {
  'comment.created': comment,
  'comment.followed.created': comment,
  'discussionAccess.created': discussion,
  'discussionAccess.request.rejected': discussion,
  'discussionAccess.request.accepted': discussion,
  'discussion.created': discussion,
  'topic.discussion.created': discussion,
  'discussionAccess.request.created': ({ subject_id }) => (subject_id ? paths.DiscussionsShowMembers(subject_id) : null),
  'user.followed': ({ follower_sid }) => (follower_sid ? paths.UserProfile(follower_sid) : null),
};

/** The in-app path a tapped notification opens, or null when its type or ids are unknown. */
export function notificationPath(data: PushNotificationData | null | undefined): string | null {
  if (!data?.type || !Object.hasOwn(routes, data.type)) return null;
  return routes[data.type as NotificationType](data);
}
