import { z } from 'zod';
import { text } from './validation';

export const pushPlatform = z.enum(['android', 'ios', 'web']);

/** The seed's push registration payload. */
export const pushRegisterBody = z.object({
  token: text(1, 4096),
  platform: pushPlatform,
  device_id: text(1, 255),
  device_name: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : 'unknown'), z.string().max(255)),
  locale: text(1, 35),
  app_version: text(1, 50),
});

export const pushUnregisterBody = z.object({ token: text(1, 4096) });

export type PushRegisterBody = z.infer<typeof pushRegisterBody>;
