import { ZTicketReplyRequest, type TTicketMessage, type TTicketMessageVia } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { checkAttachments, type Upload } from '../faxes/check-attachments';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { FileStore, StoredFile } from '../platform/files/encrypted-file-store';
import { AppError } from '../platform/http/app-error';
import { isMessageKey } from '../platform/i18n/i18n';
import type { SystemSettings } from '../system-settings/system-settings';
import { supportTickets, ticketAttachments, ticketMessages } from './schema';
import { ticketThread } from './ticket-thread';

export type TCustomerReplyDeps = { db: Database; files: FileStore; systemSettings: Pick<SystemSettings, 'current'> };
type TTicketRow = typeof supportTickets.$inferSelect;

export type TCustomerReply = {
  authorName: string;
  body: string;
  uploads: Upload[];
  via: TTicketMessageVia;
  /** An e-mailed reply's Message-ID: delivered twice, it is added once. */
  emailMessageId?: string | null;
  /** Who wrote, for the audit trail: the signed-in person, or null for an e-mail from the ticket's address. */
  audit: { actorUserId: string | null; accountId: string | null; ip: string | null; emailFrom?: string };
};

/** The words of a reply, checked as the back office's are; none at all is allowed when files come with it. */
function bodyOf(reply: TCustomerReply): string {
  if (!reply.body.trim()) {
    if (reply.uploads.length === 0) throw new AppError('invalid_request', 'validation.ticketReplyRequired');
    return '';
  }
  const parsed = ZTicketReplyRequest.safeParse({ body: reply.body });
  if (!parsed.success) {
    const key = parsed.error.issues[0]!.message;
    throw new AppError('invalid_request', isMessageKey(key) ? key : 'errors.invalidRequest');
  }
  return parsed.data.body;
}

/**
 * The person's reply, from /user/support or by e-mail through the SMTP gateway (decision 114): its files pass the send
 * form's checks (check-attachments.ts: type from the bytes, size, count, what a PDF or an archive can hide) before
 * anything is kept, are stored encrypted, and the reply joins the thread with them in one transaction. A reply to a
 * Closed ticket reopens it (the person still needs help); the back office's view shows it at its next refresh.
 */
export async function addCustomerReply(
  deps: TCustomerReplyDeps,
  ticket: TTicketRow,
  reply: TCustomerReply,
): Promise<{ message: TTicketMessage; reopened: boolean }> {
  const { db, files } = deps;
  if (reply.emailMessageId) {
    const [known] = await db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.emailMessageId, reply.emailMessageId)));
    if (known) return { message: await messageOf(db, ticket, known.id), reopened: false };
  }
  const body = bodyOf(reply);
  const checked = await checkAttachments(reply.uploads, (await deps.systemSettings.current()).maxFileSizeMB);
  const stored: Array<StoredFile & { name: string; type: (typeof checked)[number]['type'] }> = [];
  try {
    for (const file of checked) stored.push({ ...(await files.put(file.bytes)), name: file.name, type: file.type });
    const reopened = ticket.status === 'closed';
    const messageId = await inTransaction(db, async (tx) => {
      const [message] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: ticket.id,
          author: 'customer',
          authorName: reply.authorName,
          body,
          via: reply.via,
          emailMessageId: reply.emailMessageId ?? null,
        })
        .returning({ id: ticketMessages.id, createdAt: ticketMessages.createdAt });
      if (stored.length > 0)
        await tx.insert(ticketAttachments).values(
          stored.map((file) => ({
            messageId: message!.id,
            ticketId: ticket.id,
            name: file.name,
            type: file.type,
            size: file.size,
            fileKey: file.key,
            fileSha256: file.sha256,
          })),
        );
      await tx
        .update(supportTickets)
        .set({ updatedAt: message!.createdAt, ...(reopened ? { status: 'open' as const } : {}) })
        .where(eq(supportTickets.id, ticket.id));
      await recordAuditEvent(tx, {
        actorUserId: reply.audit.actorUserId,
        accountId: reply.audit.accountId,
        ip: reply.audit.ip,
        action: 'ticket.customer_reply',
        objectType: 'support_ticket',
        objectId: ticket.id,
        outcome: 'success',
        details: {
          messageId: message!.id,
          via: reply.via,
          length: body.length,
          files: stored.map((file) => ({ name: file.name, size: file.size })),
          ...(reply.audit.emailFrom ? { emailFrom: reply.audit.emailFrom } : {}),
          ...(reopened ? { changes: { status: { from: 'closed', to: 'open' } } } : {}),
        },
      });
      return message!.id;
    });
    return { message: await messageOf(db, ticket, messageId), reopened };
  } catch (error) {
    // Nothing names the files of a reply that was not recorded: they go.
    await Promise.all(stored.map((file) => files.remove(file.key).catch(() => undefined)));
    throw error;
  }
}

async function messageOf(db: Database, ticket: TTicketRow, messageId: string): Promise<TTicketMessage> {
  const thread = await ticketThread(db, ticket);
  return thread.find((message) => message.id === messageId)!;
}
