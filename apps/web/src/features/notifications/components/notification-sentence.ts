import type { NotificationType } from '@wink/contracts/notifications';
import type { TFunction, TranslationKey } from '../../../lib/i18n';
import type { AppNotification } from '../api/get-notifications';

const SENTENCES: Record<NotificationType, TranslationKey> = {
  'comment.created': 'notificationsPage.sentence.commentCreated',
  'comment.followed.created': 'notificationsPage.sentence.commentFollowedCreated',
  'discussion.created': 'notificationsPage.sentence.discussionCreated',
  'discussionAccess.created': 'notificationsPage.sentence.accessCreated',
  'discussionAccess.request.created': 'notificationsPage.sentence.requestCreated',
  'discussionAccess.request.accepted': 'notificationsPage.sentence.requestAccepted',
  'discussionAccess.request.rejected': 'notificationsPage.sentence.requestRejected',
  'user.followed': 'notificationsPage.sentence.userFollowed',
  'topic.discussion.created': 'notificationsPage.sentence.topicDiscussionCreated',
};

/**
 * "Lena commented in Walking after meals". The title is the one the server wrote when it notified
 * this person (only ever one they could see); older notifications without it say "a discussion".
 */
export function notificationSentence(t: TFunction, notification: AppNotification): string {
  const { data, actor } = notification;
  const count = typeof data.count === 'number' && data.count > 1 ? data.count : 1;
  return t(SENTENCES[notification.type], {
    actor: actor?.displayName || actor?.name || t('notificationsPage.someone'),
    title: data.subjectTitle || t('notificationsPage.aDiscussion'),
    topic: data.topicName || t('notificationsPage.aTopic'),
    count,
  });
}
