import type { plans } from '../../../db/schema/index';

/** The plans every installation starts with. Prices in cents. */
export const DEFAULT_PLANS: (typeof plans.$inferInsert)[] = [
  {
    id: 'reader-monthly',
    name: 'Reader',
    type: 'reader_subscription',
    active: true,
    description: 'Read every discussion and keep your own collections.',
    features: [
      'Search every article with MeSH term mapping',
      'Read public and invite-only discussions you belong to',
      'Collections and shared links',
      'Ask Wink, the healthbot',
    ],
    unitAmount: 499,
    interval: 'month',
  },
  {
    id: 'leader-monthly',
    name: 'Leader',
    type: 'leader_subscription',
    active: true,
    description: 'Everything in Reader, and take part: start discussions, comment and invite.',
    features: [
      'Everything in Reader',
      'Start public, invite-only and private discussions',
      'Comment, reply and upvote',
      'Invite people and decide on access requests',
    ],
    unitAmount: 999,
    interval: 'month',
  },
  {
    id: 'leader-yearly-2025',
    name: 'Leader (yearly, retired)',
    type: 'leader_subscription',
    active: false,
    description: 'A yearly plan no longer offered; existing holders keep it.',
    features: ['Everything in Leader'],
    unitAmount: 8900,
    interval: 'year',
  },
];
