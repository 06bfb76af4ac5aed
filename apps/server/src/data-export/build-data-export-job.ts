import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webPaths } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { languageOf } from '../auth/auth';
import { peopleNamed } from '../auth/people';
import { renderEmail } from '../email/render-email';
import { sendEmailJob } from '../email/send-email-job';
import { accountFaxesForExport, type FaxForExport } from '../faxes/account-faxes-for-export';
import { defineJob } from '../job-deps';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/define-job';
import { expiredDataExports, EXPORT_LIFETIME_MS } from './data-exports';
import { dataExports } from './schema';
import { writeExportZip } from './write-export-zip';

const PAGE = 200;

async function* pagesOf(db: Database, accountId: string): AsyncGenerator<FaxForExport[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await accountFaxesForExport(db, accountId, after, PAGE);
    if (page.length === 0) return;
    yield page;
    const last = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < PAGE) return;
  }
}

/**
 * Builds an export (decision 110): the ZIP is written to a private temporary folder of the worker (the documents in
 * it are the account's own, decrypted), then stored encrypted in the file store, the folder removed; the person who
 * asked is e-mailed a link to their settings, where the owner downloads it until it expires.
 */
export async function buildDataExport(
  deps: { db: Database; files: FileStore; queue: Queue; publicUrl: string },
  exportId: string,
): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'building') return; // built already (a job run again), or the account is gone
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'faxline-export-'));
  try {
    const zipFile = path.join(workDir, 'export.zip');
    const { faxCount } = await writeExportZip({
      pages: pagesOf(deps.db, row.accountId),
      openFile: (key) => deps.files.getStream(key),
      workDir,
      zipFile,
    });
    const { size } = await stat(zipFile);
    const stored = await deps.files.putStream(createReadStream(zipFile), size);
    const finishedAt = clock.now();
    const expiresAt = new Date(finishedAt.getTime() + EXPORT_LIFETIME_MS);
    await deps.db
      .update(dataExports)
      .set({ status: 'ready', fileKey: stored.key, sizeBytes: size, faxCount, finishedAt, expiresAt })
      .where(eq(dataExports.id, exportId));
    const [person] = row.requestedBy ? await peopleNamed(deps.db, [row.requestedBy]) : [];
    if (person) {
      const language = languageOf(person.language);
      const t = translator(language);
      const rendered = renderEmail({
        language,
        subject: t('emails.dataExport.subject'),
        greeting: t('emails.greeting', { name: person.name }),
        paragraphs: [t('emails.dataExport.body', { count: faxCount })],
        action: { label: t('emails.dataExport.action'), url: `${deps.publicUrl}${webPaths.user.settings.path}#data-export` },
        notes: [t('emails.dataExport.expiry', { date: expiresAt.toISOString().slice(0, 10) }), t('emails.dataExport.ownersOnly')],
        signature: t('emails.signature'),
      });
      await deps.queue.send(sendEmailJob, { to: person.email, ...rendered });
    }
  } catch (error) {
    await deps.db.update(dataExports).set({ status: 'failed', finishedAt: clock.now() }).where(eq(dataExports.id, exportId));
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

export const buildDataExportJob = defineJob({
  name: 'data-export.build',
  schema: z.object({ exportId: z.uuid() }).strict(),
  // A failed build is marked failed at once (the owner asks again): no retry reads the whole account twice.
  queue: { retryLimit: 0, expireInSeconds: 6 * 3600 },
  handler: async ({ exportId }, { db, files, queue, config }) => {
    await buildDataExport({ db, files, queue, publicUrl: config.publicUrl }, exportId);
  },
});

/** The exports whose days are over lose their ZIP (the row stays, as expired, for the audit trail's sake). */
export const expireDataExportsJob = defineJob({
  name: 'data-export.expire',
  schema: z.object({}).strict(),
  cron: '17 * * * *',
  queue: { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  handler: async (_data, { db, files }) => {
    for (const expired of await expiredDataExports(db, clock.now())) {
      if (expired.fileKey) await files.remove(expired.fileKey);
      await db.update(dataExports).set({ status: 'expired', fileKey: null }).where(eq(dataExports.id, expired.id));
    }
  },
});
