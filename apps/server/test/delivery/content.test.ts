import type { NotificationType } from '@wink/contracts';
import { describe, expect, it } from 'vitest';
import { notificationContent, pushData } from '../../src/plugins/app/notifications/delivery/notification-content';
import { unsubscribePath, verifyUnsubscribeToken } from '../../src/plugins/app/notifications/delivery/unsubscribe-link';

const data = { subject_id: 'd1', subject_title: 'Walking after meals', comment_id: 'c9', follower_sid: 'sidF' };
const pathOf = (type: NotificationType) => notificationContent({ type, data, actorName: 'Lena' }).path;

describe('where a notification opens (docs/data.md, notification tap)', () => {
  it('opens the comment for comment.created and comment.followed.created', () => {
    expect(pathOf('comment.created')).toBe('/discussions/d1/comments/c9');
    expect(pathOf('comment.followed.created')).toBe('/discussions/d1/comments/c9');
  });
  it('opens the discussion for invitations, decisions on requests and new discussions', () => {
    for (const type of [
      'discussionAccess.created',
      'discussionAccess.request.rejected',
      'discussionAccess.request.accepted',
      'discussion.created',
    ] as const) {
      expect(pathOf(type)).toBe('/discussions/d1');
    }
  });
  it('opens the members for an access request, and the follower’s profile for a new follower', () => {
    expect(pathOf('discussionAccess.request.created')).toBe('/discussions/d1/members');
    expect(pathOf('user.followed')).toBe('/user-profile/sidF');
  });
  it('falls back to the notifications page when the ids are missing', () => {
    expect(notificationContent({ type: 'user.followed', data: {}, actorName: null }).path).toBe('/notifications');
  });
});

describe('what a notification says outside the app', () => {
  it('uses the web page’s sentences, for one event and a collapsed few', () => {
    expect(notificationContent({ type: 'comment.created', data, actorName: 'Lena' })).toEqual({
      sentence: 'Lena commented in Walking after meals',
      title: 'Walking after meals',
      path: '/discussions/d1/comments/c9',
    });
    expect(notificationContent({ type: 'comment.created', data, actorName: 'Lena' }, 3).sentence).toBe(
      '3 new comments in Walking after meals, the latest from Lena',
    );
    expect(notificationContent({ type: 'user.followed', data: {}, actorName: null })).toMatchObject({
      sentence: 'Someone started following you',
      title: 'Wink Health',
    });
  });
  it('carries only the seed’s push data keys, as strings', () => {
    expect(pushData('comment.created', { ...data, count: 2 })).toEqual({
      type: 'comment.created',
      subject_id: 'd1',
      comment_id: 'c9',
      follower_sid: 'sidF',
    });
    expect(pushData('user.followed', { follower_sid: 'sidF' })).toEqual({ type: 'user.followed', follower_sid: 'sidF' });
  });
});

describe('unsubscribe links', () => {
  const key = 'k'.repeat(40);
  it('verifies its own signature and nothing else', () => {
    const token = decodeURIComponent(unsubscribePath(key, 'abc123').split('/').pop()!);
    expect(verifyUnsubscribeToken(key, token)).toBe('abc123');
    expect(verifyUnsubscribeToken('x'.repeat(40), token)).toBeNull();
    expect(verifyUnsubscribeToken(key, token.replace('abc123', 'abc124'))).toBeNull();
    expect(verifyUnsubscribeToken(key, 'abc123')).toBeNull();
  });
});
