import {
  ATTEMPTS_PER_DELIVERED_ANCHOR,
  STATUS_INCIDENT_DAYS,
  type TAccountDeliveryRecord,
  type TDeliveryRecord,
  type TLanguage,
  type TPublicStatus,
} from '@faxline/shared';
import { seesAllFaxes, type Membership } from '../accounts/membership';
import { statusNotices } from '../announcements/status-notices';
import { deliveryFigures, type DeliveryScope } from '../faxes/delivery-figures';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { keptFigures } from './kept-figures';

const DAY_MS = 86_400_000;
/** Accounts whose figures one process keeps at once: those looking at their dashboards in the last half minute. */
const ACCOUNTS_KEPT = 1_000;

type Kept = ReturnType<typeof keptFigures<TDeliveryRecord>>;
/** One memory per database: a process serves one, tests several. */
const keptByDatabase = new WeakMap<Database, Kept>();

function keptFor(db: Database): Kept {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = keptFigures<TDeliveryRecord>(ACCOUNTS_KEPT + 1);
    keptByDatabase.set(db, kept);
  }
  return kept;
}

async function computeRecord(db: Database, scope: DeliveryScope): Promise<TDeliveryRecord> {
  const now = clock.now();
  return { computedAt: now.toISOString(), attemptsAnchor: ATTEMPTS_PER_DELIVERED_ANCHOR, windows: await deliveryFigures(db, scope, now) };
}

/**
 * The public delivery record (decision 122): every sent fax's figures, kept for a few seconds (the same for everyone,
 * read by anyone), and the incident and maintenance notices of the last 30 days in the reader's language.
 */
export async function readPublicStatus(db: Database, language: TLanguage): Promise<TPublicStatus> {
  const record = await keptFor(db)('everyone', () => computeRecord(db, { kind: 'everyone' }));
  const now = clock.now();
  const incidents = await statusNotices(db, new Date(now.getTime() - STATUS_INCIDENT_DAYS * DAY_MS), now, language);
  return { ...record, incidents };
}

/**
 * The same figures for the faxes a member may see that their account sent: the whole account's for those who see all
 * its faxes (owner, sub-admin), a User's own otherwise (faxes/fax-access.ts says the same of the history).
 */
export async function readAccountDeliveryRecord(db: Database, member: Membership, userId: string): Promise<TAccountDeliveryRecord> {
  const scope: DeliveryScope = seesAllFaxes(member)
    ? { kind: 'account', accountId: member.accountId }
    : { kind: 'own', accountId: member.accountId, userId };
  const key = scope.kind === 'account' ? `account:${scope.accountId}` : `own:${scope.accountId}:${userId}`;
  const record = await keptFor(db)(key, () => computeRecord(db, scope));
  return { ...record, scope: scope.kind };
}
