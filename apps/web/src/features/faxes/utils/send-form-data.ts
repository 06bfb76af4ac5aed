import type { TSendFaxRequest } from '@faxline/shared';

/**
 * The multipart body of POST /api/faxes and /api/faxes/preview (spec 001 §3): the `request.json` part, then the
 * files as attachment_0, attachment_1 ... in the order they are to be sent.
 */
export function buildSendForm(request: TSendFaxRequest, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('request.json', new Blob([JSON.stringify(request)], { type: 'application/json' }), 'request.json');
  files.forEach((file, index) => form.append(`attachment_${index}`, file, file.name));
  return form;
}

/** Only the fields that were filled in: empty optional texts are left out rather than sent as ''. */
export function sendRequestOf(values: {
  recipientNumber: string;
  faxQuality: TSendFaxRequest['faxQuality'];
  coverPageMessage: string;
  coverSubject: string;
  recipientName: string;
  scheduledAt: string | undefined;
  fromNumber: string;
  /** The form's field, sent even empty: empty means the sender wants no check (decision 121). */
  expectedStationId?: string;
}): TSendFaxRequest {
  const optional = (value: string) => value.trim();
  const coverPageMessage = optional(values.coverPageMessage);
  const coverSubject = optional(values.coverSubject);
  const recipientName = optional(values.recipientName);
  const fromNumber = optional(values.fromNumber);
  return {
    recipientNumber: values.recipientNumber,
    faxQuality: values.faxQuality,
    ...(coverPageMessage ? { coverPageMessage } : {}),
    ...(coverSubject ? { coverSubject } : {}),
    ...(recipientName ? { recipientName } : {}),
    ...(values.scheduledAt ? { scheduledAt: values.scheduledAt } : {}),
    ...(fromNumber ? { fromNumber } : {}),
    ...(values.expectedStationId !== undefined ? { expectedStationId: values.expectedStationId.trim() } : {}),
  };
}

/**
 * What identifies one submission: the same request with the same files. A retry of an unchanged form reuses its
 * Idempotency-Key, so a send whose answer was lost is not made twice; any change makes it a new send.
 */
export function submissionSignature(request: TSendFaxRequest, files: readonly { name: string; size: number; lastModified: number }[]) {
  return JSON.stringify([request, files.map((file) => [file.name, file.size, file.lastModified])]);
}

/** A random UUID v4; crypto.randomUUID exists only on secure origins, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
