import type { TApiError } from '@faxline/shared';
import { ERROR_SCHEMA } from './resources';

/** The `scimType` each refusal carries (RFC 7644 §3.12), by its message key; others carry none. */
const SCIM_TYPES: Record<string, string> = {
  'scim.userNameTaken': 'uniqueness',
  'scim.groupNameTaken': 'uniqueness',
  'scim.invalidFilter': 'invalidFilter',
  'scim.invalidPath': 'invalidPath',
  'scim.noTarget': 'noTarget',
  'scim.invalidValue': 'invalidValue',
  'scim.emailRequired': 'invalidValue',
  'scim.userNameRequired': 'invalidValue',
  'scim.displayNameRequired': 'invalidValue',
  'scim.memberNotFound': 'invalidValue',
  'scim.invalidPatchValue': 'invalidValue',
  'scim.invalidSyntax': 'invalidSyntax',
  'scim.invalidPatchOperation': 'invalidSyntax',
  'errors.malformedJson': 'invalidSyntax',
  'scim.ownerProtected': 'mutability',
};

/** The house's error body (its translated message) in SCIM's error schema: the status as a string, as RFC 7644 has it. */
export function toScimError(status: number, body: TApiError) {
  const scimType = SCIM_TYPES[body.error.code];
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail: body.error.message };
}
