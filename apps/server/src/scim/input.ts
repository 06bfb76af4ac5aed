import { hasForbiddenCharacters } from '@faxline/shared';
import { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import { keyOf } from './filter';
import type { PatchOperation } from './patch';

// What Faxline reads of the bodies identity providers send (RFC 7643 §4, RFC 7644 §3.5.2). Attributes it does not keep
// (titles, phone numbers, the enterprise extension) are accepted and ignored, as Okta's and Entra's default mappings
// send them. The bodies are SCIM's, not the web app's, so their shapes live here rather than in packages/shared.

const MAX_TEXT = 255;
const text = z
  .string()
  .trim()
  .max(MAX_TEXT)
  .refine((value) => !hasForbiddenCharacters(value, 'line'));
/** SCIM's booleans, and the strings "True" and "False" that Entra sends for `active`. */
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE']).transform((value) => value.toLowerCase() === 'true'),
]);

const ZUserBody = z.object({
  userName: text.min(1),
  externalId: text.nullish(),
  displayName: text.nullish(),
  name: z.object({ formatted: text.nullish(), givenName: text.nullish(), familyName: text.nullish() }).partial().nullish(),
  emails: z.array(z.object({ value: z.string().trim().max(MAX_TEXT), type: z.string().nullish(), primary: flag.nullish() })).nullish(),
  active: flag.nullish(),
});

export type UserInput = {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  /** The name Faxline shows. */
  name: string;
  /** Stored as addresses are: trimmed, lower-case. */
  email: string;
  active: boolean | null;
};

const EMAIL = z.email();

/** Lower-cases the keys a body may write in any case (attribute names are case-insensitive, RFC 7643 §2.1). */
function canonicalKeys(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const key = keyOf(body, name.toLowerCase());
    if (key !== undefined) out[name] = body[key];
  }
  return out;
}

const asObject = (body: unknown): Record<string, unknown> => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('invalid_request', 'scim.invalidSyntax');
  return body as Record<string, unknown>;
};

/** A User as created or replaced. The address is the primary one, else the work one, else the userName if it is one. */
export function readUser(body: unknown): UserInput {
  const raw = canonicalKeys(asObject(body), ['userName', 'externalId', 'displayName', 'name', 'emails', 'active']);
  if (raw.name && typeof raw.name === 'object')
    raw.name = canonicalKeys(raw.name as Record<string, unknown>, ['formatted', 'givenName', 'familyName']);
  const parsed = ZUserBody.safeParse(raw);
  if (!parsed.success) {
    const missing = parsed.error.issues.some((issue) => issue.path[0] === 'userName');
    throw new AppError('invalid_request', missing ? 'scim.userNameRequired' : 'scim.invalidValue');
  }
  const user = parsed.data;
  const emails = user.emails ?? [];
  const chosen =
    emails.find((email) => email.primary === true)?.value ??
    emails.find((email) => email.type?.toLowerCase() === 'work')?.value ??
    emails[0]?.value ??
    user.userName;
  if (!EMAIL.safeParse(chosen).success) throw new AppError('invalid_request', 'scim.emailRequired');
  const givenName = user.name?.givenName || null;
  const familyName = user.name?.familyName || null;
  const name = user.displayName || user.name?.formatted || [givenName, familyName].filter(Boolean).join(' ') || user.userName;
  return {
    userName: user.userName,
    externalId: user.externalId || null,
    givenName,
    familyName,
    name,
    email: chosen.toLowerCase(),
    active: user.active ?? null,
  };
}

const ZGroupBody = z.object({
  displayName: text.min(1),
  externalId: text.nullish(),
  members: z.array(z.object({ value: z.string().max(MAX_TEXT) })).nullish(),
});

export type GroupInput = { displayName: string; externalId: string | null; memberIds: string[] };

/** A Group as created or replaced: its name and the ids of its members. */
export function readGroup(body: unknown): GroupInput {
  const raw = canonicalKeys(asObject(body), ['displayName', 'externalId', 'members']);
  if (Array.isArray(raw.members))
    raw.members = raw.members.map((member) =>
      member && typeof member === 'object' ? canonicalKeys(member as Record<string, unknown>, ['value']) : member,
    );
  const parsed = ZGroupBody.safeParse(raw);
  if (!parsed.success) {
    const missing = parsed.error.issues.some((issue) => issue.path[0] === 'displayName');
    throw new AppError('invalid_request', missing ? 'scim.displayNameRequired' : 'scim.invalidValue');
  }
  const { displayName, externalId, members } = parsed.data;
  return { displayName, externalId: externalId || null, memberIds: [...new Set((members ?? []).map((member) => member.value))] };
}

const ZPatchBody = z.object({
  Operations: z
    .array(z.object({ op: z.string(), path: z.string().max(1000).optional(), value: z.unknown().optional() }))
    .min(1)
    .max(1000),
});

/** A PatchOp request's operations. */
export function readPatch(body: unknown): PatchOperation[] {
  const raw = canonicalKeys(asObject(body), ['Operations']);
  if (Array.isArray(raw.Operations))
    raw.Operations = raw.Operations.map((operation) =>
      operation && typeof operation === 'object' ? canonicalKeys(operation as Record<string, unknown>, ['op', 'path', 'value']) : operation,
    );
  const parsed = ZPatchBody.safeParse(raw);
  if (!parsed.success) throw new AppError('invalid_request', 'scim.invalidSyntax');
  return parsed.data.Operations;
}
