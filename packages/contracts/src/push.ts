import { z } from 'zod';
import { text } from './validation';

export const pushPlatform = z.enum(['android', 'ios', 'web']);

/** The product's push registration payload. */
export const pushRegisterBody = z.object({
  token: text(1, 4096),
  platform: pushPlatform,
  device_id: text(1, 255),
  // The product's fallback: a device that cannot tell its name is 'unknown'. A name of the wrong type is still an error.
  device_name: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? 'unknown' : typeof v === 'string' ? v.trim() : v),
    z.string().max(255),
  ),
  locale: text(1, 35),
  app_version: text(1, 50),
});

export const pushUnregisterBody = z.object({ token: text(1, 4096) });

export type PushRegisterBody = z.infer<typeof pushRegisterBody>;
