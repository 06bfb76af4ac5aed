import { accountsReadingFaxText, readsFaxTextOf } from '../accounts/fax-settings';
import { loadFaxEvent, faxEventJobKey, ZFaxEventJob } from '../events/fax-event';
import type { RelayedEvent } from '../events/relay';
import type { Database } from '../platform/db/client';
import type { FileStore } from '../platform/files/encrypted-file-store';
import { faxToRead, keepFaxText, type ReceivedFindings } from '../faxes/fax-records';
import { classExamplesOf } from './class-examples';
import { classify, type ClassExample } from './classify';
import { findFields } from './find-fields';
import { defineJob } from '../job-deps';
import { encodeFaxText, wholeText } from '../faxes/fax-text-file';
import { languageOfText } from './language';
import { readFaxText, type PageText } from './read-fax-text';

/** The events after which a fax has its final pages: received, or delivered (wholly or in part). */
export const READ_AFTER = ['fax.received', 'fax.delivered', 'fax.partially_delivered'] as const;

/** The events of a batch whose account has the words of its faxes read (decision 099): the relay queues only those. */
export async function eventsOfReadingAccounts(db: Database, events: readonly RelayedEvent[]): Promise<ReadonlySet<string>> {
  const reading = await accountsReadingFaxText(
    db,
    events.map((event) => event.accountId),
  );
  return new Set(events.filter((event) => reading.has(event.accountId)).map((event) => event.id));
}

/**
 * Consumer of a fax's final event, for the accounts that have their faxes read: reads the words of its document of record (decision 098), keeps them encrypted in
 * the file store, and their words for the history's search. Once per fax: a fax already read is left as it is, and
 * of two runs at once the second's file is removed.
 */
export const readFaxTextJob = defineJob({
  name: 'fax-text.read',
  schema: ZFaxEventJob,
  // Ghostscript and Tesseract may fail on a busy machine (their box's time limit): tried again, later each time.
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  exclusiveKey: faxEventJobKey('fax-text.read'),
  handler: async ({ eventId }, { db, files }) => {
    const event = await loadFaxEvent(db, eventId);
    // Turned off since the event was relayed: from then on nothing more is read.
    if (!event || !(await readsFaxTextOf(db, event.accountId))) return;
    await readAndKeepFaxText({ db, files }, event.accountId, event.faxId);
  },
});

/**
 * Reads a fax's words once and keeps them with what they tell of a received fax (also the routing job's first step for
 * an account whose rules wait for the words, decision 104). A fax already read is left as it is; of two runs at once
 * the second's file is removed.
 */
export async function readAndKeepFaxText(deps: { db: Database; files: FileStore }, accountId: string, faxId: string): Promise<void> {
  const { db, files } = deps;
  const fax = await faxToRead(db, faxId);
  if (!fax?.documentKey || fax.textKey) return;
  const pages = await readFaxText(await files.get(fax.documentKey), fax.quality);
  const text = wholeText(pages);
  const language = languageOfText(text);
  const stored = await files.put(encodeFaxText(language, pages));
  // A received fax is also told apart (decisions 101, 102); a sent fax's pages are Faxline's own.
  const received = fax.direction === 'inbound' ? findingsOf(pages, text, await classExamplesOf(db, accountId)) : null;
  const kept = await keepFaxText(db, faxId, { key: stored.key, language, text, received });
  if (kept !== stored.key) await files.remove(stored.key);
}

/** What the pages of a received fax tell besides their words: the pages to ask for again, its class and its fields. */
function findingsOf(pages: PageText[], text: string, examples: ClassExample[]): ReceivedFindings {
  const { documentClass, confidence } = classify(text, examples);
  return {
    pageProblems: pages.flatMap(({ page, problem }) => (problem ? [{ page, problem }] : [])),
    documentClass,
    classConfidence: confidence,
    foundFields: findFields(pages),
  };
}
