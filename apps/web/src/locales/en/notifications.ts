// English strings for the notifications page. Top-level keys are unique across locales/en/*.ts.
export default {
  notificationsPage: {
    title: 'Notifications',
    list: 'Your notifications',
    markAllRead: 'Mark all as read',
    settings: 'Notification settings',
    unread: 'Unread',
    loading: 'Loading your notifications',
    loadMore: 'Load more',
    loadFailed: 'Your notifications could not be loaded.',
    emptyTitle: 'You’re all caught up',
    emptyBody: 'Replies to your discussions, invitations, access requests and new followers will show up here.',
    someone: 'Someone',
    aTopic: 'a topic you follow',
    aDiscussion: 'a discussion',
    // One sentence per type; a collapsed notification says how many events it stands for.
    sentence: {
      commentCreated_one: '{{actor}} commented in {{title}}',
      commentCreated_other: '{{count}} new comments in {{title}}, the latest from {{actor}}',
      commentFollowedCreated_one: '{{actor}} replied to a thread you follow in {{title}}',
      commentFollowedCreated_other: '{{count}} new replies to a thread you follow in {{title}}, the latest from {{actor}}',
      discussionCreated: '{{actor}} started a discussion: {{title}}',
      accessCreated: '{{actor}} invited you to {{title}}',
      requestCreated_one: '{{actor}} asked to join {{title}}',
      requestCreated_other: '{{count}} people asked to join {{title}}, the latest {{actor}}',
      requestAccepted: '{{actor}} accepted your request to join {{title}}',
      requestRejected: '{{actor}} declined your request to join {{title}}',
      userFollowed: '{{actor}} started following you',
      topicDiscussionCreated: '{{actor}} started a discussion on {{topic}}: {{title}}',
    },
  },
} as const;
