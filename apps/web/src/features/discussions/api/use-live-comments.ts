import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { camelizeKeys } from '../../../lib/case';
import { addLiveComment } from './live-comments';
import { discussionKeys, type Comment } from './discussion-keys';

/**
 * New comments appear on an open discussion as they are posted (the server checks, on subscribing
 * and on every comment, that I may read them). After a lost connection, the comments and the
 * discussion are fetched again: whatever was posted meanwhile comes with them.
 */
export function useLiveComments(discussionId: string, onArrived?: (comment: Comment) => void): void {
  const queryClient = useQueryClient();
  const arrived = useRef(onArrived);
  arrived.current = onArrived;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../../lib/socket').then(({ subscribeToDiscussion }) => {
      if (cancelled) return;
      stop = subscribeToDiscussion(discussionId, {
        onComment: (event) => {
          const comment = camelizeKeys(event.comment);
          if (addLiveComment(queryClient, discussionId, comment)) arrived.current?.(comment);
        },
        onReconnected: () => void queryClient.invalidateQueries({ queryKey: discussionKeys.detail(discussionId) }),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [discussionId, queryClient]);
}
