import { z } from 'zod';

/** The twenty analytics events of docs/product.md, search_instead_clicked, the topic pages' three, the notification grid's change, a citation picked, plus the page view sent after each navigation. */
export const ANALYTICS_EVENTS = [
  'user_signed_up',
  'user_signed_in',
  'user_signed_out',
  'search_used',
  'discussion_posted',
  'collection_shared',
  'collection_saved',
  'collection_item_added',
  'comment_posted',
  'shared_collection_opened',
  'user_subscribed',
  'external_article_visited',
  'info_button_clicked',
  'mesh_info_expanded',
  'discussion_invite_sent',
  'discussion_access_request_sent',
  'discussion_access_granted',
  'discussion_access_rejected',
  'sri_clicked',
  'discussion_viewed',
  // "Search instead for …": the person wanted the words as typed, not the spelling correction shown.
  'search_instead_clicked',
  'topic_viewed',
  'topic_followed',
  'topic_unfollowed',
  // A cell of the notification grid turned on or off: which kinds people silence, and where.
  'notification_setting_changed',
  // An article picked from search while writing a comment or a discussion (citations).
  'article_cited',
  'page_view',
] as const;

export const analyticsEventName = z.enum(ANALYTICS_EVENTS);
export type AnalyticsEventName = z.infer<typeof analyticsEventName>;

export const MAX_EVENTS_PER_BATCH = 50;

const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const analyticsEvent = z.object({
  name: analyticsEventName,
  properties: z
    .record(z.string().max(64), scalar)
    .refine((p) => Object.keys(p).length <= 30, { message: 'An event may carry at most 30 properties.' })
    .default({}),
  page: z.string().max(500).optional().nullable(),
  occurred_at: z.iso.datetime({ offset: true }).optional(),
});

export const analyticsBatchBody = z.object({
  events: z.array(analyticsEvent).min(1).max(MAX_EVENTS_PER_BATCH),
  /** sendBeacon cannot set headers, so a beacon carries its CSRF token here (Laravel's `_token`). */
  _token: z.string().optional(),
});

export const analyticsAccepted = z.object({ data: z.object({ accepted: z.number().int() }) });
