import { roleMay, type TAgentFax, type TAgentFaxSummary, type TAgentSettings, type TLanguage } from '@faxline/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditedBy, type Actor } from '../accounts/actor';
import { findMembership } from '../accounts/membership';
import { recordAuditEvent } from '../audit/record-audit-event';
import { noticeAgentFaxWaiting, resolveNoticesOf } from '../bells/account-notices';
import { users } from '../auth/schema';
import type { Upload } from '../faxes/check-attachments';
import { sendFaxes, type SendFaxDeps, type SendFaxesInput } from '../faxes/send-fax';
import { AppError } from '../platform/http/app-error';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { emailApprovalRequests } from './approval-emails';
import { agentFaxes, agentSettings, type AgentSendRequest } from './schema';

/** The account's rules for agents; an account that never set them: no approval, contents readable. */
export async function agentSettingsOf(db: Database, accountId: string): Promise<TAgentSettings> {
  const [row] = await db.select().from(agentSettings).where(eq(agentSettings.accountId, accountId));
  return { approvalRequired: row?.approvalRequired ?? false, contentsForbidden: row?.contentsForbidden ?? false };
}

/** Sets the account's rules for agents (its owner or an admin, the route checks), audited. */
export async function changeAgentSettings(db: Database, actor: Actor, settings: TAgentSettings): Promise<TAgentSettings> {
  await db
    .insert(agentSettings)
    .values({ accountId: actor.member.accountId, ...settings })
    .onConflictDoUpdate({ target: agentSettings.accountId, set: settings });
  await recordAuditEvent(db, {
    ...auditedBy(actor, settings),
    action: 'account.agent_settings',
    objectType: 'account',
    objectId: actor.member.accountId,
    outcome: 'success',
  });
  return settings;
}

type AgentActor = Actor & { viaAgent: { name: string; clientId: string | null } };

/**
 * An agent's send while the account requires approval (decision 131): its documents are kept encrypted and the send
 * is recorded whole, but no fax exists until a member approves, so nothing can dial before; audited with the agent,
 * and e-mailed to the members who may decide it, in the same transaction.
 */
export async function holdAgentSend(
  deps: Pick<SendFaxDeps, 'db' | 'files' | 'queue' | 'config'>,
  actor: AgentActor,
  send: Omit<SendFaxesInput, 'idempotencyKey'>,
): Promise<TAgentFax> {
  const stored = await Promise.all(
    send.uploads.map(async (upload) => ({ name: upload.name, storageKey: (await deps.files.put(upload.bytes)).key })),
  );
  const request: AgentSendRequest = {
    recipients: send.recipients,
    form: send.request,
    sourceUrl: send.sourceUrl ?? null,
    language: send.language,
    files: stored,
  };
  // The documents are stored before the row that names them; a hold that does not commit takes them back, as a send does.
  const row = await inTransaction(deps.db, async (tx, client) => {
    const [held] = await tx
      .insert(agentFaxes)
      .values({ accountId: actor.member.accountId, userId: actor.user.id, agentName: actor.viaAgent.name, agent: actor.viaAgent, request })
      .returning();
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { to: send.recipients, files: stored.length }),
      action: 'agent_fax.hold',
      objectType: 'agent_fax',
      objectId: held!.id,
      outcome: 'success',
    });
    const fax = toAgentFax(held!, null);
    // The bell of each member who may decide it says so too (decision 135), with the e-mail, in this transaction.
    await noticeAgentFaxWaiting(tx, {
      accountId: held!.accountId,
      agentFaxId: held!.id,
      agentName: held!.agentName,
      recipients: send.recipients,
    });
    await emailApprovalRequests({ queue: deps.queue, publicUrl: deps.config.publicUrl }, tx, client, {
      ...fax,
      accountId: held!.accountId,
    });
    return held!;
  }).catch(async (error: unknown) => {
    await Promise.all(stored.map((file) => deps.files.remove(file.storageKey)));
    throw error;
  });
  return toAgentFax(row, null);
}

const toAgentFax = (row: typeof agentFaxes.$inferSelect, decidedBy: string | null): TAgentFax => ({
  id: row.id,
  agentName: row.agentName,
  recipients: row.request.recipients,
  fileNames: row.request.files.map((file) => file.name),
  coverSubject: typeof row.request.form.coverSubject === 'string' ? row.request.form.coverSubject : null,
  state: row.state,
  faxIds: row.faxIds,
  createdAt: row.createdAt.toISOString(),
  decidedBy,
});

/** The account's agent faxes, waiting first, then the latest decided (the portal's approval queue). */
export async function listAgentFaxes(db: Database, accountId: string): Promise<TAgentFax[]> {
  const rows = await db
    .select({ row: agentFaxes, decidedBy: users.name })
    .from(agentFaxes)
    .leftJoin(users, eq(users.id, agentFaxes.decidedBy))
    .where(eq(agentFaxes.accountId, accountId))
    .orderBy(desc(agentFaxes.createdAt))
    .limit(200);
  const faxes = rows.map(({ row, decidedBy }) => toAgentFax(row, decidedBy));
  return [...faxes.filter((fax) => fax.state === 'waiting'), ...faxes.filter((fax) => fax.state !== 'waiting')];
}

/** Whether the account asks for approval, and how many of its agents' faxes wait (the user area's menu entry). */
export async function agentFaxSummaryOf(db: Database, accountId: string): Promise<TAgentFaxSummary> {
  const [settings, [waiting]] = await Promise.all([
    agentSettingsOf(db, accountId),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(agentFaxes)
      .where(and(eq(agentFaxes.accountId, accountId), eq(agentFaxes.state, 'waiting'))),
  ]);
  return { approvalRequired: settings.approvalRequired, waiting: waiting?.count ?? 0 };
}

/** One agent fax of the account, or null (an agent asking after what it sent). */
export async function findAgentFax(db: Database, accountId: string, id: string): Promise<TAgentFax | null> {
  const [row] = await db
    .select()
    .from(agentFaxes)
    .where(and(eq(agentFaxes.id, id), eq(agentFaxes.accountId, accountId)));
  return row ? toAgentFax(row, null) : null;
}

/**
 * A member's decision on a waiting agent fax (the member may send faxes; the route checks): approved, it is sent now
 * through the same send service, as the person the agent acts for, with the agent and the approver in its audit rows;
 * denied, its documents are deleted and no fax is ever made. Decided once: the row is claimed before anything else.
 */
export async function decideAgentFax(deps: SendFaxDeps, decider: Actor, id: string, approve: boolean): Promise<TAgentFax> {
  if (!roleMay(decider.member.role, 'useFaxes')) throw new AppError('permission_denied', 'errors.forbidden');
  const [claimed] = await deps.db
    .update(agentFaxes)
    .set({ state: approve ? 'approved' : 'denied', decidedBy: decider.user.id, decidedAt: new Date() })
    .where(and(eq(agentFaxes.id, id), eq(agentFaxes.accountId, decider.member.accountId), eq(agentFaxes.state, 'waiting')))
    .returning();
  if (!claimed) throw new AppError('not_found', 'errors.agentFaxNotWaiting');
  const { request } = claimed;
  // Decided: recorded, and no longer news in anyone's bell.
  const audit = async () => {
    await resolveNoticesOf(deps.db, id);
    await recordAuditEvent(deps.db, {
      ...auditedBy(decider, { agent: claimed.agent, to: request.recipients }),
      action: approve ? 'agent_fax.approve' : 'agent_fax.deny',
      objectType: 'agent_fax',
      objectId: id,
      outcome: 'success',
    });
  };
  const removeDocuments = () => Promise.all(request.files.map((file) => deps.files.remove(file.storageKey)));
  if (!approve) {
    await removeDocuments();
    await audit();
    return toAgentFax(claimed, decider.user.name);
  }
  try {
    const uploads: Upload[] = await Promise.all(
      request.files.map(async (file) => ({ name: file.name, bytes: await deps.files.get(file.storageKey), truncated: false })),
    );
    const sent = await sendFaxes(deps, {
      actor: await agentActorOf(deps.db, claimed, decider.ip),
      language: request.language as TLanguage,
      request: request.form as SendFaxesInput['request'],
      recipients: request.recipients,
      uploads,
      sourceUrl: request.sourceUrl,
      channel: 'agent',
      idempotencyKey: `agent:${claimed.id}`,
      auditDetails: { approvedBy: { id: decider.user.id, name: decider.user.name } },
    });
    const faxIds = sent.faxes.map((fax) => fax.id);
    await deps.db.update(agentFaxes).set({ faxIds }).where(eq(agentFaxes.id, id));
    await removeDocuments();
    await audit();
    return toAgentFax({ ...claimed, faxIds }, decider.user.name);
  } catch (error) {
    // Refused now (the quota, a number blocked since): it waits again, its documents kept, and the member is told why.
    await deps.db.update(agentFaxes).set({ state: 'waiting', decidedBy: null, decidedAt: null }).where(eq(agentFaxes.id, id));
    throw error;
  }
}

/** The person an agent fax was asked for, as they are now (their membership), with the agent named. */
async function agentActorOf(db: Database, row: typeof agentFaxes.$inferSelect, ip: string): Promise<Actor> {
  const [user] = await db
    .select({ id: users.id, name: users.name, emailVerified: users.emailVerified, language: users.language })
    .from(users)
    .where(eq(users.id, row.userId));
  const member = user ? await findMembership(db, user.id) : null;
  if (!user || !member || member.accountId !== row.accountId) throw new AppError('conflict', 'errors.agentFaxSenderLeft');
  return {
    user,
    member: { accountId: member.accountId, role: member.role },
    ip,
    viaAgent: { name: row.agentName, clientId: typeof row.agent.clientId === 'string' ? row.agent.clientId : null },
  };
}
