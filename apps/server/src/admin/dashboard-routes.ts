import { ZAdminDashboard, type TAdminDashboard, type TFaxLine } from '@faxline/shared';
import { count, gte, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../auth/schema';
import { faxes } from '../faxes/schema';
import { linesInForce, type LinesInForceDeps } from '../lines/lines-in-force';
import { lineHealth } from './line-health';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import type { RouteDeps } from '../route-deps';

const startOfDayUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The back-office figures (spec 001 §2.11's stat cards, from the database). Days and months are UTC, as for the page
 * quota; pages are counted as the quota counts them.
 */
export async function readDashboardFigures(
  db: Database,
  lines: LinesInForceDeps,
  now = clock.now(),
): Promise<TAdminDashboard> {
  const dayStart = startOfDayUtc(now);
  const monthStart = startOfMonthUtc(now);
  const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const since = (start: Date) => sql`${faxes.createdAt} >= ${start.toISOString()}`;
  const outbound = sql`${faxes.direction} = 'outbound'`;
  const inbound = sql`${faxes.direction} = 'inbound'`;

  const [people] = await db
    .select({ total: count(), newThisMonth: countWhere(sql`${users.createdAt} >= ${monthStart.toISOString()}`) })
    .from(users);
  // Every figure is about this month at most, so one pass over this month's faxes gives them all.
  const [month] = await db
    .select({
      sentToday: countWhere(sql`${outbound} and ${since(dayStart)}`),
      receivedToday: countWhere(sql`${inbound} and ${since(dayStart)}`),
      sent: countWhere(outbound),
      received: countWhere(inbound),
      failed: countWhere(sql`${outbound} and ${faxes.status} = 'failed'`),
      pages: sql<number>`coalesce(sum(coalesce(${faxes.pagesSent}, ${faxes.pages})) filter (where ${faxes.status} not in ('failed', 'canceled')), 0)::int`,
    })
    .from(faxes)
    .where(gte(faxes.createdAt, monthStart));

  const inForce = await linesInForce(lines);
  const carriers = inForce.configuredCarriers.map((carrier) => carrier.name);
  const health = await lineHealth(db, carriers, now);
  return {
    people: { total: people?.total ?? 0, newThisMonth: people?.newThisMonth ?? 0 },
    faxesToday: { sent: month?.sentToday ?? 0, received: month?.receivedToday ?? 0 },
    faxesThisMonth: { sent: month?.sent ?? 0, received: month?.received ?? 0, failed: month?.failed ?? 0, pages: month?.pages ?? 0 },
    dayStart: dayStart.toISOString(),
    monthStart: monthStart.toISOString(),
    lines: inForce.inUse.map((line) => ({ ...line, health: health.get(line.name) ?? null })),
    carrierRoutes: inForce.carriers.routes.map((route) => ({
      prefix: route.prefix,
      primary: route.primary as TFaxLine,
      fallback: route.fallback as TFaxLine | null,
    })),
  };
}

/** GET /api/admin/dashboard, behind the back-office guard (admin/back-office-guard.ts). */
export const adminDashboardRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, systemSettings }) => {
  app.get('/dashboard', { schema: { response: { 200: ZAdminDashboard } } }, async () =>
    readDashboardFigures(db, { config, systemSettings }),
  );
};
