import type { TChatApp } from '@faxline/shared';
import { isPublicAddress, literalAddressOf } from '../documents/fetch-url/fetch-file-url-checks';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';
import type { MessageKey } from '../platform/i18n/i18n';

export type WebhookUrlConfig = Pick<TConfig, 'webhooks'>;

/** Names that never leave this machine (RFC 6761): refused when an endpoint is saved, as a loopback address is. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** An address a webhook may be sent to: a public one, or any where private addresses are allowed (development, tests). */
export function mayConnectTo(address: string, config: WebhookUrlConfig): boolean {
  return config.webhooks.privateAddresses || isPublicAddress(address);
}

/**
 * What can be told of an endpoint's URL without a network: why it may not be sent to (its message key and, for the
 * delivery log, the same in words), or null. https only in production; no credentials in it (they would show in every
 * list); no private, loopback or link-local address written in it, unless allowed. A name is judged by the addresses
 * it resolves to, when the message is sent (post-webhook.ts).
 */
export function refusalOf(url: URL, config: WebhookUrlConfig): { key: MessageKey; words: string } | null {
  if (url.protocol !== 'https:' && (config.webhooks.httpsOnly || url.protocol !== 'http:'))
    return { key: 'errors.webhookUrlNotHttps', words: 'refused: the URL is not https' };
  if (url.username || url.password) return { key: 'errors.webhookUrlInvalid', words: 'refused: the URL holds credentials' };
  const literal = literalAddressOf(url);
  if (literal && !mayConnectTo(literal, config))
    return { key: 'errors.webhookAddressRefused', words: `refused: ${url.hostname} is not a public internet address` };
  return null;
}

/**
 * The create- and update-time check of an endpoint's URL (the contract has checked it is an http(s) URL): refuses at
 * once what could never be sent to. The worker checks again when it sends, with the addresses the name resolves to.
 */
export function checkWebhookUrl(value: string, config: WebhookUrlConfig): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('invalid_request', 'errors.webhookUrlInvalid');
  }
  const refusal = refusalOf(url, config);
  if (refusal) throw new AppError('invalid_request', refusal.key);
  // A name for this machine can only resolve to it: refused now rather than at every try.
  if (!config.webhooks.privateAddresses && isLocalName(url.hostname)) throw new AppError('invalid_request', 'errors.webhookAddressRefused');
  return url.href;
}

/**
 * The hosts of each chat app's incoming webhooks: Slack's one, and for Teams the Office 365 connectors' tenants
 * (`*.webhook.office.com`) and the Workflows' (Power Automate) triggers, on Logic Apps (`*.logic.azure.com`) or on
 * the Power Platform's environments (`*.environment.api.powerplatform.com`, where Microsoft moved them in 2025).
 */
const CHAT_HOSTS: Record<TChatApp, { exact: string[]; under: string[] }> = {
  slack: { exact: ['hooks.slack.com'], under: [] },
  teams: { exact: [], under: ['.webhook.office.com', '.logic.azure.com', '.environment.api.powerplatform.com'] },
};
const NOT_THE_APPS: Record<TChatApp, MessageKey> = { slack: 'errors.chatNoticeUrlNotSlack', teams: 'errors.chatNoticeUrlNotTeams' };

/** Whether the URL is on one of the app's hosts (the name as written; the lookup is checked when sending). */
function isChatHost(url: URL, app: TChatApp): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return CHAT_HOSTS[app].exact.includes(host) || CHAT_HOSTS[app].under.some((suffix) => host.endsWith(suffix));
}

/**
 * The create- and update-time check of a chat notice's URL: a webhook URL (checkWebhookUrl's rules), on one of the
 * app's hosts. Where private addresses are allowed (development, tests) a receiver on this machine or network, written
 * as an address or a local name, stands in for the app, as it does for the signed webhooks.
 */
export function checkChatNoticeUrl(value: string, app: TChatApp, config: WebhookUrlConfig): string {
  const href = checkWebhookUrl(value, config);
  const url = new URL(href);
  const literal = literalAddressOf(url);
  const local = config.webhooks.privateAddresses && ((literal !== null && !isPublicAddress(literal)) || isLocalName(url.hostname));
  if (!local && !isChatHost(url, app)) throw new AppError('invalid_request', NOT_THE_APPS[app]);
  return href;
}
