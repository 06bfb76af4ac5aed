import { z } from 'zod';
import { FAX_LINES } from './faxes';

/**
 * GET /api/admin/dashboard (spec 001 §2.11): the stat cards, from real data rather than the spec's placeholder
 * figures. Days and months are UTC, like the page quota; the period starts are given so the page can say so.
 */
export const ZAdminDashboard = z.object({
  people: z.object({ total: z.number().int(), newThisMonth: z.number().int() }),
  faxesToday: z.object({ sent: z.number().int(), received: z.number().int() }),
  faxesThisMonth: z.object({
    sent: z.number().int(),
    received: z.number().int(),
    /** Sent faxes that ended failed. */
    failed: z.number().int(),
    /** Pages as the plans meter them: received, and sent that did not fail or get canceled (confirmed, once ended). */
    pages: z.number().int(),
  }),
  /**
   * The fax lines this server has and what each serves (the back office shows which lines are configured):
   * Faxline's own numbers, every number outside Faxline, or the sandbox's test numbers only.
   */
  lines: z.array(
    z.object({
      name: z.enum(FAX_LINES),
      serves: z.enum(['faxline-numbers', 'outside-numbers', 'test-numbers', 'number-prefixes']),
      /**
       * A carrier's health: its last try that got through, and its tries of the last hour that
       * ended, with those that ended in a line error (the carrier down, refusing, or failing the call on its side).
       */
      health: z
        .object({
          lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
          triesLastHour: z.number().int(),
          errorsLastHour: z.number().int(),
        })
        .nullable(),
    }),
  ),
  /** Which carrier takes which numbers outside Faxline, and which takes over after a line error (CARRIER_ROUTES). */
  carrierRoutes: z.array(z.object({ prefix: z.string(), primary: z.enum(FAX_LINES), fallback: z.enum(FAX_LINES).nullable() })),
  dayStart: z.iso.datetime({ offset: true }),
  monthStart: z.iso.datetime({ offset: true }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
