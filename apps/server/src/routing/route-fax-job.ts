import type { TRoutingRule } from '@faxline/shared';
import { faxHeaderOf, readsFaxTextOf } from '../accounts/fax-settings';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadFaxEvent, faxEventJobKey, ZFaxEventJob } from '../events/fax-event';
import { emailOncePerAddressIn } from '../fax-emails/fax-event-email-job';
import { forwardedFaxEmails } from '../fax-emails/fax-event-emails';
import { readAndKeepFaxText } from '../fax-text/read-fax-text-job';
import { loadFax } from '../faxes/fax-state';
import { fileFax, mayBeAssigned, type Filing } from '../faxes/placement';
import { inboxOfAccount } from '../inboxes/inboxes';
import { rulesOf } from '../inboxes/routing-rules';
import { defineJob, type JobDeps } from '../job-deps';
import { inTransaction } from '../platform/db/transaction';
import { postReceivedFaxTo } from '../webhooks/fan-out-job';
import { verdictsOf, wordsMatchOf, type FaxFacts } from './evaluate';

/** How long a fax waits for its words to be read before its rules run without them (the reading failed meanwhile). */
export const WORDS_AWAITED_MS = 5 * 60_000;

const needsWords = (rules: readonly TRoutingRule[]) =>
  rules.some((rule) => rule.conditions.some((c) => c.kind === 'words' || c.kind === 'document_class'));

/**
 * The routing job (decision 104), consumer of `fax.landed`: a received fax of an account with rules turned on. Its
 * words are read first when a rule asks about them (the account reads faxes), then the first rule, in order, whose
 * conditions all hold places it (inbox, assignee, labels, junk) and its e-mail and webhook are queued, all in the
 * transaction that files it. No rule matching, it is filed where it landed. Once per fax: a filed fax is left.
 */
export const routeFaxJob = defineJob({
  name: 'routing.file',
  schema: ZFaxEventJob,
  // Reading may fail on a busy machine: tried again, later each time; past WORDS_AWAITED_MS the rules run without words.
  queue: { retryLimit: 6, retryDelay: 20, retryBackoff: true },
  pollingIntervalSeconds: 1,
  exclusiveKey: faxEventJobKey('routing.file'),
  handler: async ({ eventId }, deps) => {
    const { db } = deps;
    const event = await loadFaxEvent(db, eventId);
    if (!event) return;
    const landed = await loadFax(db, event.faxId);
    if (!landed || landed.filedAt) return;
    const rules = await rulesOf(db, event.accountId, { enabledOnly: true });
    if (needsWords(rules) && (await readsFaxTextOf(db, event.accountId))) {
      try {
        await readAndKeepFaxText(deps, event.accountId, event.faxId);
      } catch (error) {
        if (Date.now() - landed.createdAt.getTime() < WORDS_AWAITED_MS) throw error;
        deps.logger.warn({ err: error, faxId: event.faxId }, 'routing without the words: they could not be read');
      }
    }
    const fax = (await loadFax(db, event.faxId))!;
    const filing = await filingOf(deps, fax, rules);
    await fileWithActions(deps, { eventId, fax, filing, rule: rules.find((rule) => rule.id === filing?.routedBy?.ruleId) ?? null });
  },
});

/** Where the first matching rule places the fax, or null when none matches. */
async function filingOf(
  deps: JobDeps,
  fax: FaxFacts & { accountId: string; inboxId: string | null },
  rules: TRoutingRule[],
): Promise<Filing | null> {
  const { db } = deps;
  const timeZone = (await faxHeaderOf(db, fax.accountId))?.timeZone ?? 'UTC';
  const words = await wordsMatchOf(db, rules, [fax.id]);
  for (const rule of rules) {
    const { verdicts, matched } = verdictsOf(rule, fax, timeZone, words);
    if (!matched) continue;
    const { actions } = rule;
    // What the rule names may have gone since it was written: an inbox deleted, a person who left or lost the inbox.
    const inboxId = actions.inboxId && (await inboxOfAccount(db, fax.accountId, actions.inboxId)) ? actions.inboxId : fax.inboxId;
    const assigneeId =
      actions.assigneeId && (await mayBeAssigned(db, fax.accountId, inboxId, actions.assigneeId)) ? actions.assigneeId : null;
    return {
      inboxId,
      assigneeId,
      labels: actions.labels,
      junk: actions.junk,
      routedBy: { ruleId: rule.id, ruleName: rule.name, verdicts },
    };
  }
  return null;
}

/**
 * Files the fax, and in the same transaction queues its forwarded e-mails and webhook and records the rule in the audit
 * trail: a run again after a crash finds the fax filed and does nothing twice.
 */
async function fileWithActions(
  deps: JobDeps,
  input: { eventId: string; fax: { id: string; accountId: string }; filing: Filing | null; rule: TRoutingRule | null },
): Promise<void> {
  const { fax, filing, rule } = input;
  const emails = rule?.actions.forwardTo.length
    ? await forwardedFaxEmails(deps, { faxId: fax.id, eventId: input.eventId, rule: { id: rule.id, addresses: rule.actions.forwardTo } })
    : [];
  await inTransaction(deps.db, async (tx, client) => {
    if (!(await fileFax(tx, fax.id, filing))) return;
    if (!filing?.routedBy || !rule) return;
    const posted = rule.actions.webhookId
      ? await postReceivedFaxTo(
          { tx, client, queue: deps.queue, publicUrl: deps.config.publicUrl },
          fax.accountId,
          rule.actions.webhookId,
          fax.id,
        )
      : false;
    await emailOncePerAddressIn({ ...deps, tx, client }, input.eventId, emails);
    await recordAuditEvent(tx, {
      actorUserId: null,
      accountId: fax.accountId,
      ip: null,
      action: 'fax.route',
      objectType: 'fax',
      objectId: fax.id,
      outcome: 'success',
      details: {
        ruleId: rule.id,
        ruleName: rule.name,
        inboxId: filing.inboxId,
        assigneeId: filing.assigneeId,
        labels: filing.labels,
        junk: filing.junk,
        forwardedTo: emails.map((email) => email.to),
        webhookId: posted ? rule.actions.webhookId : null,
      },
    });
  });
}
