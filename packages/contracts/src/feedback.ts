import { z } from 'zod';
import { text, wireInt } from './validation';

export const feedbackBody = z.object({
  message: text(1, 5000),
  rating: wireInt(1, 5).optional().nullable(),
  page: text(1, 500).optional().nullable(),
  app_version: text(1, 50).optional().nullable(),
});

export const feedback = z.object({
  id: z.string(),
  message: z.string(),
  rating: z.number().int().nullable(),
  page: z.string().nullable(),
  app_version: z.string().nullable(),
  created_at: z.string(),
});

export const feedbackResponse = z.object({ data: feedback });
