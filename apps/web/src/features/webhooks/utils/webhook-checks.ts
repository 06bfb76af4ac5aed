import {
  FAX_EVENT_TYPES,
  ZCreateChatNoticeRequest,
  ZCreateWebhookEndpointRequest,
  ZUpdateWebhookEndpointRequest,
  type TChatApp,
  type TFaxEventType,
  type TWebhookSigning,
} from '@faxline/shared';
import type { z } from 'zod';

import { validationKey, type TValidationKey } from '@/lib/validation';

export type TWebhookField = 'url' | 'description' | 'events';
export type TWebhookFields = { url: string; description: string; events: readonly TFaxEventType[] };
export type TWebhookValues = TWebhookFields & { signing: TWebhookSigning };
export const EMPTY_WEBHOOK_VALUES: TWebhookValues = { url: '', description: '', events: [], signing: 'hmac-sha256' };
export type TChatNoticeValues = TWebhookFields & { app: TChatApp };
export const EMPTY_CHAT_NOTICE_VALUES: TChatNoticeValues = { url: '', description: '', events: [], app: 'slack' };

/** The keys a check's message may have: the shared schema's own texts (the server answers with them too). */
export type TWebhookProblemKey =
  | 'messages:errors.webhookUrlRequired'
  | 'messages:errors.webhookUrlInvalid'
  | 'messages:errors.webhookEventsRequired'
  | 'messages:errors.webhookDescriptionTooLong'
  | TValidationKey;

type TProblem = { ok: false; field: TWebhookField; key: TWebhookProblemKey };
export type TWebhookCheck = { ok: true; request: z.output<typeof ZCreateWebhookEndpointRequest> } | TProblem;
export type TChatNoticeCheck = { ok: true; request: z.output<typeof ZCreateChatNoticeRequest> } | TProblem;
export type TWebhookChangesCheck = { ok: true; request: z.output<typeof ZUpdateWebhookEndpointRequest> } | TProblem;

const SCHEMA_KEYS: Record<string, TWebhookProblemKey> = {
  'errors.webhookUrlRequired': 'messages:errors.webhookUrlRequired',
  'errors.webhookUrlInvalid': 'messages:errors.webhookUrlInvalid',
  'errors.webhookEventsRequired': 'messages:errors.webhookEventsRequired',
  'errors.webhookDescriptionTooLong': 'messages:errors.webhookDescriptionTooLong',
};

/** The field a problem at `path` (a zod path, or the server's dotted `issues[].path`) belongs to; the URL when unsure. */
export function webhookFieldOf(path: readonly PropertyKey[] | string | undefined): TWebhookField {
  const head = typeof path === 'string' ? path.split('.')[0] : path?.[0];
  return head === 'events' || head === 'description' ? head : 'url';
}

function problemOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): TProblem {
  const issue = issues[0];
  return { ok: false, field: webhookFieldOf(issue?.path), key: SCHEMA_KEYS[issue?.message ?? ''] ?? validationKey(issue?.message) };
}

const fieldsOf = ({ url, description, events }: TWebhookFields) => ({ url, description, events: [...events] });

/** The shared schema's checks of a new endpoint, run before sending; the first problem names its field. */
export function checkWebhook(values: TWebhookValues): TWebhookCheck {
  const parsed = ZCreateWebhookEndpointRequest.safeParse({ ...fieldsOf(values), signing: values.signing });
  return parsed.success ? { ok: true, request: parsed.data } : problemOf(parsed.error.issues);
}

/** The shared schema's checks of a new chat notice (the server checks the URL is the app's). */
export function checkChatNotice(values: TChatNoticeValues): TChatNoticeCheck {
  const parsed = ZCreateChatNoticeRequest.safeParse({ ...fieldsOf(values), app: values.app });
  return parsed.success ? { ok: true, request: parsed.data } : problemOf(parsed.error.issues);
}

/** The same checks for an edited endpoint's URL, description and events (its signing method does not change). */
export function checkWebhookChanges(values: TWebhookFields): TWebhookChangesCheck {
  const parsed = ZUpdateWebhookEndpointRequest.safeParse(fieldsOf(values));
  return parsed.success ? { ok: true, request: parsed.data } : problemOf(parsed.error.issues);
}

/** The events with `event` turned on or off, in the contract's order. */
export function toggleEvent(events: readonly TFaxEventType[], event: TFaxEventType, on: boolean): TFaxEventType[] {
  return FAX_EVENT_TYPES.filter((known) => (known === event ? on : events.includes(known)));
}

/** What the "All events" box shows: checked, unchecked, or half (some events chosen). */
export function allEventsState(events: readonly TFaxEventType[]): 'all' | 'some' | 'none' {
  const chosen = FAX_EVENT_TYPES.filter((event) => events.includes(event)).length;
  return chosen === FAX_EVENT_TYPES.length ? 'all' : chosen === 0 ? 'none' : 'some';
}

/** An event's place in the texts: `fax.partially_delivered` is `events.fax.partially_delivered`. */
export const eventTextKey = (event: TFaxEventType) => `events.${event}` as const;
