import { randomUUID } from 'node:crypto';
import { MAX_PORTING_BILL_MB, type TLanguage, type TPortingRequest } from '@faxline/shared';
import { and, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { checkAttachments } from '../faxes/check-attachments';
import { accountHoldingNumber } from '../numbers/numbers';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/queue';
import { loaPdf } from './loa-pdf';
import { emailPortingStatus } from './porting-emails';
import { portingViewOf } from './porting-requests';
import type { PortingForm } from './read-porting-form';
import { portingRequests } from './schema';

const BILL_TYPES = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PortingDeps = { db: Database; files: FileStore; queue: Queue; publicUrl: string; sellerName: string };

/**
 * Records a customer's porting request (decision 113): the bill checked as a fax's files are (from its bytes; a PDF or
 * a photo of the bill), the numbers not Faxline's already nor in another open request, the letter of authorisation
 * made into a PDF in the signer's language, both files encrypted into the file store, then the request, its audit row
 * and the "submitted" e-mail in one transaction.
 */
export async function submitPortingRequest(
  deps: PortingDeps,
  input: { actor: Actor; language: TLanguage; form: PortingForm },
): Promise<TPortingRequest> {
  const { actor, form } = input;
  const accountId = actor.member.accountId;
  const [bill] = await checkAttachments([form.bill], MAX_PORTING_BILL_MB);
  if (!bill || !(bill.type in BILL_TYPES))
    throw new AppError('invalid_request', 'errors.portingBillType', { file: form.bill.name }, 'body.bill');

  // The day the signer typed is today where they are: a day either side of today in UTC covers every time zone.
  const signedAt = clock.now();
  const typedDay = Date.parse(`${form.signature.date}T12:00:00Z`);
  if (Math.abs(typedDay - signedAt.getTime()) > 1.5 * DAY_MS)
    throw new AppError('invalid_request', 'validation.portingSignatureDate', {}, 'body.signature.date');

  for (const number of form.numbers)
    if ((await accountHoldingNumber(deps.db, number)) !== null)
      throw new AppError('conflict', 'errors.portingNumberAlreadyHere', { number }, 'body.numbers');
  const open = await deps.db
    .select({ numbers: portingRequests.numbers })
    .from(portingRequests)
    .where(
      and(
        inArray(portingRequests.status, ['submitted', 'in_review', 'approved']),
        sql`${portingRequests.numbers} && ${sql.param(form.numbers)}::text[]`,
      ),
    );
  const pending = form.numbers.filter((number) => open.some((row) => row.numbers.includes(number)));
  if (pending.length > 0) throw new AppError('conflict', 'errors.portingNumberInRequest', { number: pending.join(', ') }, 'body.numbers');

  const id = randomUUID();
  const loa = await loaPdf({
    language: input.language,
    numbers: form.numbers,
    holder: form.holder,
    signedName: form.signature.name,
    signedOn: form.signature.date,
    signedAt,
    ip: actor.ip,
    sellerName: deps.sellerName,
    reference: id,
  });
  const storedLoa = await deps.files.put(loa);
  const storedBill = await deps.files.put(bill.bytes).catch(async (error: unknown) => {
    await deps.files.remove(storedLoa.key).catch(() => undefined);
    throw error;
  });
  try {
    return await inTransaction(deps.db, async (tx, client) => {
      const [row] = await tx
        .insert(portingRequests)
        .values({
          id,
          accountId,
          requestedBy: actor.user.id,
          numbers: form.numbers,
          holder: form.holder,
          signedName: form.signature.name,
          signedOn: form.signature.date,
          language: input.language,
          loaFileKey: storedLoa.key,
          loaSha256: storedLoa.sha256,
          billFileKey: storedBill.key,
          billFileName: bill.name,
          billContentType: BILL_TYPES[bill.type as keyof typeof BILL_TYPES],
          createdAt: signedAt,
          updatedAt: signedAt,
        })
        .returning();
      await recordAuditEvent(tx, {
        actorUserId: actor.user.id,
        accountId,
        ip: actor.ip,
        action: 'porting.submit',
        objectType: 'porting_request',
        objectId: id,
        outcome: 'success',
        details: { numbers: form.numbers, signedName: form.signature.name },
      });
      await emailPortingStatus(deps, tx, client, row!);
      return portingViewOf(row!);
    });
  } catch (error) {
    // Nothing refers to the files when the row was not written.
    await Promise.all([storedLoa.key, storedBill.key].map((key) => deps.files.remove(key).catch(() => undefined)));
    throw error;
  }
}
