import { z } from 'zod';
import { planType } from './user';

export const plan = z.object({
  id: z.string(),
  name: z.string(),
  type: planType,
  active: z.boolean(),
  description: z.string(),
  features: z.array(z.string()),
  checkout_url: z.string().nullable(),
  price: z.object({ unit_amount: z.number().int(), interval: z.string().nullable() }),
});

export const plansResponse = z.object({ data: z.array(plan) });

export type Plan = z.infer<typeof plan>;
