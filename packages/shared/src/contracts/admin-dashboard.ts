import { z } from 'zod';

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
    /** Pages as the plans meter them: received, and sent that did not fail or get canceled. */
    pages: z.number().int(),
  }),
  dayStart: z.iso.datetime({ offset: true }),
  monthStart: z.iso.datetime({ offset: true }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
