import type { WebPushSubscriptionBody } from '@wink/contracts';
import type { Config } from '../../../../config';
import type { Db } from '../../../../db/client';
import { invalid } from '../../../../lib/errors';
import { webPushSubscriptionsRepository } from './web-push-channel';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The browsers a person gets web push in. Push services are https; outside production a push service
 * on this machine over plain http is accepted too (development and the test suite run one). Nothing
 * else: the server POSTs to these addresses, so they must not point into the network it runs in.
 */
export class WebPushSubscriptions {
  constructor(
    private db: Db,
    private config: Config,
  ) {}

  async subscribe(userId: number, body: WebPushSubscriptionBody, userAgent: string | undefined): Promise<void> {
    const url = new URL(body.endpoint);
    const localPushService = url.protocol === 'http:' && LOOPBACK.has(url.hostname) && this.config.NODE_ENV !== 'production';
    if (url.protocol !== 'https:' && !localPushService) throw invalid('endpoint', 'The endpoint must be an https address.');
    if (url.protocol === 'https:' && LOOPBACK.has(url.hostname) && this.config.NODE_ENV === 'production') {
      throw invalid('endpoint', 'The endpoint must be the address of a push service.');
    }
    await webPushSubscriptionsRepository.save(this.db, userId, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh.replace(/=+$/, ''),
      auth: body.keys.auth.replace(/=+$/, ''),
      userAgent: userAgent?.slice(0, 500) ?? null,
    });
  }

  /** Unsubscribing an endpoint that is already gone is not an error: the browser wants it gone, and it is. */
  unsubscribe(userId: number, endpoint: string): Promise<void> {
    return webPushSubscriptionsRepository.remove(this.db, userId, endpoint);
  }
}
