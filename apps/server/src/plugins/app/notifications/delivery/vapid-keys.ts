import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact push services may write to (mailto: or https:). */
  subject: string;
}

/** An https APP_URL (not localhost, which Apple's push service refuses), else the sender's address. */
function defaultSubject(config: Config): string {
  const url = new URL(config.appUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return config.appUrl;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/**
 * The server's VAPID key pair: from the environment, or generated once into the data folder so that
 * every subscription made against it keeps working across restarts (a new pair would orphan them all).
 */
export function resolveVapidKeys(config: Config): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config);
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey) throw new Error('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');

  const file = path.join(config.dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      // 'wx': when two processes start together on one data folder, the first pair written wins for both.
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys(), null, 2), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
