import { z } from 'zod';

/** `failing`: the process cannot serve any more (its embedded database could not be started again): restart it. */
export const ZHealth = z.object({ status: z.enum(['ok', 'failing']) });
export type THealth = z.infer<typeof ZHealth>;

export const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    queue: z.enum(['up', 'down']),
  }),
});
export type TReadiness = z.infer<typeof ZReadiness>;
