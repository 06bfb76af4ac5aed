import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';

/**
 * An account's FHIR R4 server (decision 105): received faxes go there as DocumentReferences, by themselves once
 * classified when the account says so, or when a member asks. Managed by the owner and sub-admins under /api/account/fhir.
 */
export const FHIR_AUTH_KINDS = ['bearer', 'smart_backend'] as const;
export type TFhirAuthKind = (typeof FHIR_AUTH_KINDS)[number];
/** What SMART Backend Services allows for the signed client assertion (the JWT's `alg`). */
export const SMART_ASSERTION_ALGORITHMS = ['ES384', 'RS384'] as const;
export type TSmartAssertionAlgorithm = (typeof SMART_ASSERTION_ALGORITHMS)[number];
export const FHIR_EXPORT_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TFhirExportStatus = (typeof FHIR_EXPORT_STATUSES)[number];
/**
 * The waits before each try of an export after the first, when the FHIR server could not take it (no answer, 5xx,
 * 429): eight tries over about eleven hours, after which the export is failed and a member may send it again.
 */
export const FHIR_EXPORT_RETRY_DELAYS_SECONDS = [30, 2 * 60, 10 * 60, 30 * 60, 3600, 3 * 3600, 6 * 3600] as const;
export const MAX_FHIR_URL_LENGTH = 2_000;
export const MAX_FHIR_TOKEN_LENGTH = 8_000;
export const MAX_FHIR_CLIENT_ID_LENGTH = 200;
export const MAX_FHIR_PRIVATE_KEY_LENGTH = 10_000;

const ZFhirUrl = (required: 'fhir.baseUrlRequired' | 'fhir.tokenUrlRequired') =>
  z
    .string()
    .trim()
    .check(singleLineText)
    .min(1, { error: required })
    .max(MAX_FHIR_URL_LENGTH, { error: 'fhir.urlInvalid' })
    .pipe(z.url({ protocol: /^https?$/, error: 'fhir.urlInvalid' }));

/** The connection as the owner and sub-admins see it: never its token nor its private key, only whether one is kept. */
export const ZFhirConnection = z.object({
  baseUrl: z.string(),
  authKind: z.enum(FHIR_AUTH_KINDS),
  clientId: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  /** The `alg` the kept private key signs with (smart_backend), and its key id. */
  algorithm: z.enum(SMART_ASSERTION_ALGORITHMS).nullable(),
  keyId: z.string().nullable(),
  enabled: z.boolean(),
  sendAutomatically: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TFhirConnection = z.infer<typeof ZFhirConnection>;

export const ZFhirConnectionResponse = z.object({ connection: ZFhirConnection.nullable() });
export type TFhirConnectionResponse = z.infer<typeof ZFhirConnectionResponse>;

/**
 * Saving the connection. The token or the private key may be left out to keep the one already kept (the form never
 * shows them back); a new connection, or a change of kind, needs one. One object rather than a union by kind, so that
 * every field is checked (and its control characters refused) whatever the kind sent.
 */
export const ZFhirConnectionChange = z
  .object({
    authKind: z.enum(FHIR_AUTH_KINDS, { error: 'fhir.authKindInvalid' }),
    baseUrl: ZFhirUrl('fhir.baseUrlRequired'),
    /** bearer: the access token. */
    token: z
      .string()
      .trim()
      .check(singleLineText)
      .min(1, { error: 'fhir.tokenRequired' })
      .max(MAX_FHIR_TOKEN_LENGTH, { error: 'fhir.tokenInvalid' })
      .regex(/^[\x21-\x7e]+$/, { error: 'fhir.tokenInvalid' })
      .optional(),
    /** smart_backend: the client id the EHR registered, its token URL, and the private key as a JWK (JSON text). */
    clientId: z
      .string()
      .trim()
      .check(singleLineText)
      .min(1, { error: 'fhir.clientIdRequired' })
      .max(MAX_FHIR_CLIENT_ID_LENGTH, { error: 'fhir.clientIdInvalid' })
      .optional(),
    tokenUrl: ZFhirUrl('fhir.tokenUrlRequired').optional(),
    privateKey: z
      .string()
      .trim()
      .check(multiLineText)
      .min(1, { error: 'fhir.privateKeyRequired' })
      .max(MAX_FHIR_PRIVATE_KEY_LENGTH, { error: 'fhir.privateKeyInvalid' })
      .optional(),
    enabled: z.boolean().default(true),
    sendAutomatically: z.boolean().default(false),
  })
  .superRefine((change, context) => {
    if (change.authKind !== 'smart_backend') return;
    if (!change.clientId) context.addIssue({ code: 'custom', path: ['clientId'], message: 'fhir.clientIdRequired' });
    if (!change.tokenUrl) context.addIssue({ code: 'custom', path: ['tokenUrl'], message: 'fhir.tokenUrlRequired' });
  });
export type TFhirConnectionChange = z.input<typeof ZFhirConnectionChange>;

/** What "Test connection" found: the server's FHIR version and software, and that the credentials were accepted. */
export const ZFhirConnectionTest = z.object({
  fhirVersion: z.string(),
  software: z.string().nullable(),
});
export type TFhirConnectionTest = z.infer<typeof ZFhirConnectionTest>;

/**
 * Why an export failed when the reason is Faxline's own (no server connected, the connection turned off, no document):
 * kept as `lastError` and on the timeline as this code, which the portal says in the reader's language. Any other
 * error is the FHIR server's or the network's own words, shown as they came.
 */
export const FHIR_EXPORT_OWN_REASONS = ['not_connected', 'turned_off', 'no_document'] as const;
export type TFhirExportOwnReason = (typeof FHIR_EXPORT_OWN_REASONS)[number];

/** One fax's export to the account's FHIR server: where it stands, and what the server answered last. */
export const ZFhirExport = z.object({
  status: z.enum(FHIR_EXPORT_STATUSES),
  /** The DocumentReference's id on the FHIR server, once created. */
  resourceId: z.string().nullable(),
  /** The Patient it was filed under (`Patient/123`); null when no single patient matched: to review on the EHR. */
  patientReference: z.string().nullable(),
  patientToReview: z.boolean(),
  /** Pending, but not heard of for longer than any wait between tries: its tries were lost, and it may be sent again. */
  stalled: z.boolean(),
  attempts: z.number().int(),
  /** A code of FHIR_EXPORT_OWN_REASONS, or what the server or the network said. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TFhirExport = z.infer<typeof ZFhirExport>;

/** A fax's exports (one at most: one DocumentReference per fax), and whether "Send to EHR" may be offered. */
export const ZFaxFhirExports = z.object({ exports: z.array(ZFhirExport), canSend: z.boolean() });
export type TFaxFhirExports = z.infer<typeof ZFaxFhirExports>;
