import type { TSettings } from '@faxline/shared';
import { turnOffNotice } from '../accounts/settings';
import { recordAuditEvent } from '../audit/record-audit-event';
import { numberOfAccount, removeEmailRecipient } from '../numbers/account-numbers';
import { forwardingRuleOf, removeForwardAddress } from '../inboxes/routing-rules';
import type { Database } from '../platform/db/client';
import type { TUnsubscribeTarget } from './unsubscribe-token';

/** The number an extra address receives the faxes of, while it is still that account's; null otherwise. */
export async function numberOfTarget(db: Database, target: Extract<TUnsubscribeTarget, { kind: 'number' }>): Promise<string | null> {
  return (await numberOfAccount(db, target.accountId, { id: target.numberId }))?.phoneNumber ?? null;
}

/** The name of the rule that forwards faxes to the address, while it still does; null otherwise. */
export async function ruleOfTarget(db: Database, target: Extract<TUnsubscribeTarget, { kind: 'rule' }>): Promise<string | null> {
  return (await forwardingRuleOf(db, target.accountId, target.ruleId, target.address))?.name ?? null;
}

/**
 * What an unsubscribe link asks (RFC 8058 one-click, or its confirmation page): the person's preference turned off, or
 * the address taken off the number's list. Doing it again changes nothing.
 */
export async function unsubscribe(
  db: Database,
  target: TUnsubscribeTarget,
  context: { platformDefaultQuality: TSettings['defaultFaxQuality']; ip: string },
): Promise<void> {
  if (target.kind === 'person') await turnOffNotice(db, target.userId, target.setting, context.platformDefaultQuality);
  else if (target.kind === 'rule') await removeForwardAddress(db, target.accountId, target.ruleId, target.address);
  else await removeEmailRecipient(db, target, target.address);
  // Who did it is whoever held the e-mail: the person it was addressed to, or the number's extra address.
  await recordAuditEvent(db, {
    actorUserId: target.kind === 'person' ? target.userId : null,
    accountId: target.kind === 'person' ? null : target.accountId,
    ip: context.ip,
    action: 'notifications.unsubscribe',
    objectType: target.kind === 'person' ? 'user' : target.kind === 'rule' ? 'routing_rule' : 'fax_number',
    objectId: target.kind === 'person' ? target.userId : target.kind === 'rule' ? target.ruleId : target.numberId,
    outcome: 'success',
    details: target.kind === 'person' ? { setting: target.setting } : { address: target.address },
  });
}
