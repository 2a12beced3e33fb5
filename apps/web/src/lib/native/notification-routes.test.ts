import type { NotificationType } from '@wink/contracts/notifications';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../paths';
import { notificationPath } from './notification-routes';
import { createTapNavigator } from './tap-navigation';

const data = { subject_id: 'd42', comment_id: 'c7', follower_sid: 'u-sam' };

describe('where a notification tap leads (docs/data.md)', () => {
  it.each<[NotificationType, string]>([
    ['comment.created', paths.DiscussionsShowComment('d42', 'c7')],
    ['comment.followed.created', paths.DiscussionsShowComment('d42', 'c7')],
    ['discussionAccess.created', paths.DiscussionsShow('d42')],
    ['discussionAccess.request.rejected', paths.DiscussionsShow('d42')],
    ['discussionAccess.request.accepted', paths.DiscussionsShow('d42')],
    ['discussion.created', paths.DiscussionsShow('d42')],
    ['discussionAccess.request.created', paths.DiscussionsShowMembers('d42')],
    ['user.followed', paths.UserProfile('u-sam')],
  ])('%s opens %s', (type, path) => {
    expect(notificationPath({ type, ...data })).toBe(path);
  });

  it('spells the paths out as the routes define them', () => {
    expect(notificationPath({ type: 'comment.created', ...data })).toBe('/discussions/d42/comments/c7');
    expect(notificationPath({ type: 'discussionAccess.request.created', ...data })).toBe('/discussions/d42/members');
    expect(notificationPath({ type: 'user.followed', ...data })).toBe('/user-profile/u-sam');
  });

  it('opens nothing for an unknown type or missing ids', () => {
    expect(notificationPath({ type: 'invoice.paid', ...data })).toBeNull();
    expect(notificationPath({ type: 'toString', ...data })).toBeNull();
    expect(notificationPath({})).toBeNull();
    expect(notificationPath(undefined)).toBeNull();
    expect(notificationPath({ type: 'discussion.created' })).toBeNull();
    expect(notificationPath({ type: 'user.followed', subject_id: 'd42' })).toBeNull();
    // A comment notification without its comment still opens the discussion.
    expect(notificationPath({ type: 'comment.created', subject_id: 'd42' })).toBe('/discussions/d42');
  });
});

describe('the tap navigator', () => {
  const tap = (payload: Record<string, string>) => ({ notification: { id: 'n1', data: payload } });

  it('navigates with the router it was given', () => {
    const navigator = createTapNavigator();
    const navigate = vi.fn();
    navigator.setNavigate(navigate);
    navigator.handleTap(tap({ type: 'discussion.created', subject_id: 'd1' }));
    expect(navigate).toHaveBeenCalledWith('/discussions/d1');
  });

  it('keeps a tap that arrives before the router (cold start) and follows it once the router is there', () => {
    const navigator = createTapNavigator();
    navigator.handleTap(tap({ type: 'user.followed', follower_sid: 'u1' }));
    const navigate = vi.fn();
    navigator.setNavigate(navigate);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/user-profile/u1');
  });

  it('ignores a tap it cannot route', () => {
    const navigator = createTapNavigator();
    const navigate = vi.fn();
    navigator.setNavigate(navigate);
    navigator.handleTap(tap({ type: 'something.new' }));
    expect(navigate).not.toHaveBeenCalled();
  });
});
