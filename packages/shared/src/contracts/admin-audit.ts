import { z } from 'zod';
import { singleLineText } from '../text';

/**
 * The audit log viewer of the back office (DESIGN.md: the audit trail is append-only; this only reads it):
 * GET /api/admin/audit (filters, newest first, 50 a page) and GET /api/admin/audit/facets (what the filters offer).
 * Dates are UTC: a bare date means the whole UTC day, the first of `from` and the last of `to`.
 */
export const ADMIN_AUDIT_PAGE_SIZE = 50;
/**
 * The most events a filter's count reads (decision 061): past it the viewer says "more than" this, and pages are
 * numbered only this far (older events are reached by narrowing the dates), so no request reads the whole trail.
 */
export const AUDIT_COUNT_LIMIT = 10_000;
export const ADMIN_AUDIT_MAX_PAGE = AUDIT_COUNT_LIMIT / ADMIN_AUDIT_PAGE_SIZE;
export const AUDIT_OUTCOMES = ['success', 'denied', 'failure'] as const;
export type TAuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The start of a real calendar day written YYYY-MM-DD (UTC); null for 2025-02-30, which Date would roll into March. */
function utcDay(text: string): Date | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(Date.UTC(year, month - 1, date));
  const real = start.getUTCFullYear() === year && start.getUTCMonth() === month - 1 && start.getUTCDate() === date;
  return real ? start : null;
}

/** The instant a `from` (edge 'start') or `to` (edge 'end', exclusive) filter stands for; null when it is not a date. */
export function auditDateBound(value: string, edge: 'start' | 'end'): Date | null {
  if (DATE_ONLY.test(value)) {
    const start = utcDay(value);
    if (!start) return null;
    return edge === 'start' ? start : new Date(start.getTime() + DAY_MS);
  }
  if (!DATE_TIME.test(value) || !utcDay(value.slice(0, 10))) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  // An exact time as `to` includes that moment.
  return edge === 'start' ? instant : new Date(instant.getTime() + 1);
}

/** A filter text: trimmed, and absent when empty (a form sends its empty fields too). */
export const auditFilterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .check(singleLineText)
    .optional()
    .transform((value) => value || undefined);

export const auditDate = (edge: 'start' | 'end') =>
  auditFilterText(40).refine((value) => value === undefined || auditDateBound(value, edge) !== null, { error: 'validation.auditDate' });

/** A date range's `from` comes before its `to` (either may be absent). */
export function auditDatesInOrder({ from, to }: { from?: string | undefined; to?: string | undefined }): boolean {
  const start = from ? auditDateBound(from, 'start') : null;
  const end = to ? auditDateBound(to, 'end') : null;
  return !start || !end || start < end;
}

export const ZAdminAuditQuery = z
  .object({
    /** A person's id, or part of their e-mail address or name (any case). */
    actor: auditFilterText(254),
    action: auditFilterText(100),
    objectType: auditFilterText(100),
    objectId: auditFilterText(200),
    /** YYYY-MM-DD (UTC day) or an ISO 8601 time with its offset. */
    from: auditDate('start'),
    to: auditDate('end'),
    page: z.coerce.number().int().min(1).max(ADMIN_AUDIT_MAX_PAGE).default(1),
  })
  .refine(auditDatesInOrder, { error: 'validation.auditDateOrder', path: ['to'] });
export type TAdminAuditQuery = z.input<typeof ZAdminAuditQuery>;

export const ZAuditEvent = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** Who acted: null for the system (jobs) and for visitors who were not signed in. */
  actorUserId: z.string().nullable(),
  /** The actor as they are now; null when nobody acted or the person has since been deleted. */
  actor: z.object({ email: z.string(), name: z.string() }).nullable(),
  accountId: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAdminAuditResponse = z.object({
  events: z.array(ZAuditEvent),
  /** Events matching the filters, over all pages, counted up to AUDIT_COUNT_LIMIT. */
  total: z.number().int(),
  /** More events match than AUDIT_COUNT_LIMIT (then `total` is that limit). */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminAuditResponse = z.infer<typeof ZAdminAuditResponse>;

/** The distinct actions and object types recorded so far, sorted, for the filter selects. */
export const ZAdminAuditFacets = z.object({
  actions: z.array(z.string()),
  objectTypes: z.array(z.string()),
});
export type TAdminAuditFacets = z.infer<typeof ZAdminAuditFacets>;
