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
   * The fax lines this server has and what each serves (issue 16: the back office shows which lines are configured):
   * Faxline's own numbers, every number outside Faxline, or the sandbox's test numbers only.
   */
  lines: z.array(
    z.object({ name: z.enum(FAX_LINES), serves: z.enum(['faxline-numbers', 'outside-numbers', 'test-numbers', 'number-prefixes']) }),
  ),
  dayStart: z.iso.datetime({ offset: true }),
  monthStart: z.iso.datetime({ offset: true }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
