import { randomUUID } from 'node:crypto';
import type { TBaaSignRequest, TBaaSignature, TLanguage } from '@faxline/shared';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { FileToMove } from '../platform/files/move-files';
import { AppError } from '../platform/http/app-error';
import { plans } from '../plans/schema';
import { baaPdf } from './baa-pdf';
import { baaSignatures } from './baa-schema';
import { BAA_VERSION } from './baa-text';

type BaaRow = typeof baaSignatures.$inferSelect;

const summaryOf = (row: BaaRow): TBaaSignature => ({
  id: row.id,
  version: row.version,
  signerName: row.signerName,
  signerTitle: row.signerTitle,
  organisation: row.organisation,
  signedAt: row.signedAt.toISOString(),
});

/** The account's signed agreements, newest first. */
export async function baaSignaturesOf(db: Database, accountId: string): Promise<TBaaSignature[]> {
  const rows = await db.select().from(baaSignatures).where(eq(baaSignatures.accountId, accountId)).orderBy(desc(baaSignatures.signedAt));
  return rows.map(summaryOf);
}

/** Whether the account has signed the agreement's version in force. */
export async function hasSignedCurrentBaa(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: baaSignatures.id })
    .from(baaSignatures)
    .where(and(eq(baaSignatures.accountId, accountId), eq(baaSignatures.version, BAA_VERSION)))
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses (409, with the way to sign) a checkout or a change of plan to a HIPAA plan while the account has not signed
 * the agreement's version in force; any other plan passes.
 */
export async function requireBaaForPlan(db: Database, accountId: string, planId: string): Promise<void> {
  const [plan] = await db.select({ isHipaa: plans.isHipaa }).from(plans).where(eq(plans.id, planId));
  if (plan?.isHipaa && !(await hasSignedCurrentBaa(db, accountId))) throw new AppError('conflict', 'errors.baaRequired', {}, 'body.planId');
}

export type BaaSigning = {
  accountId: string;
  userId: string;
  ip: string | null;
  /** The language the agreement was read in: its PDF is written in it. */
  language: TLanguage;
  input: TBaaSignRequest;
};

/**
 * Records the owner's signature: the signed PDF encrypted into the file store, then the row and its audit event in
 * one transaction. A version other than the one in force is refused: the text the signer read is no longer it.
 */
export async function signBaa(deps: { db: Database; files: FileStore; sellerName: string }, signing: BaaSigning): Promise<TBaaSignature> {
  const { input } = signing;
  if (input.version !== BAA_VERSION) throw new AppError('conflict', 'errors.baaVersionChanged', {}, 'body.version');
  const signedAt = clock.now();
  const pdf = await baaPdf({
    version: BAA_VERSION,
    language: signing.language,
    signerName: input.signerName,
    signerTitle: input.signerTitle,
    organisation: input.organisation,
    signedAt,
    ip: signing.ip,
    sellerName: deps.sellerName,
  });
  const stored = await deps.files.put(pdf);
  try {
    return await inTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .insert(baaSignatures)
        .values({
          id: randomUUID(),
          accountId: signing.accountId,
          signedBy: signing.userId,
          signerName: input.signerName,
          signerTitle: input.signerTitle,
          organisation: input.organisation,
          version: BAA_VERSION,
          language: signing.language,
          signedAt,
          ip: signing.ip,
          fileKey: stored.key,
          fileSha256: stored.sha256,
        })
        .returning();
      await recordAuditEvent(tx, {
        actorUserId: signing.userId,
        accountId: signing.accountId,
        ip: signing.ip,
        action: 'billing.baa_signed',
        objectType: 'baa_signature',
        objectId: row!.id,
        outcome: 'success',
        details: { version: BAA_VERSION, signerName: input.signerName, signerTitle: input.signerTitle, organisation: input.organisation },
      });
      return summaryOf(row!);
    });
  } catch (error) {
    // Nothing refers to the PDF when the row was not written.
    await deps.files.remove(stored.key).catch(() => undefined);
    throw error;
  }
}

/** The signed PDF's file key, if the signature is this account's; another account's is not found. */
export async function baaFileOf(db: Database, accountId: string, id: string): Promise<{ key: string; version: string } | null> {
  const [row] = await db
    .select({ key: baaSignatures.fileKey, version: baaSignatures.version })
    .from(baaSignatures)
    .where(and(eq(baaSignatures.id, id), eq(baaSignatures.accountId, accountId)));
  return row ?? null;
}

/** The keys of every signed agreement's PDF of an account: what goes from the file store when the account goes. */
export async function baaFileKeysOf(db: Pick<Database, 'select'>, accountId: string): Promise<string[]> {
  const rows = await db.select({ key: baaSignatures.fileKey }).from(baaSignatures).where(eq(baaSignatures.accountId, accountId));
  return rows.map((row) => row.key);
}

/** Every signed agreement's PDF, a page at a time (by id): what `npm run files:move` copies besides the faxes' files. */
export async function* baaFileReferences(db: Database): AsyncGenerator<FileToMove> {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({ id: baaSignatures.id, key: baaSignatures.fileKey, sha256: baaSignatures.fileSha256 })
      .from(baaSignatures)
      .where(after === null ? undefined : gt(baaSignatures.id, after))
      .orderBy(asc(baaSignatures.id))
      .limit(1_000);
    for (const row of rows) yield { key: row.key, sha256: row.sha256 };
    if (rows.length < 1_000) return;
    after = rows.at(-1)!.id;
  }
}
