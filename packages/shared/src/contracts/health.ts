import { z } from 'zod';

export const ZHealth = z.object({ status: z.literal('ok') });
export type THealth = z.infer<typeof ZHealth>;

export const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    queue: z.enum(['up', 'down']),
  }),
});
export type TReadiness = z.infer<typeof ZReadiness>;
