import { z } from 'zod';
import { singleLineText } from '../text';

/** A signer's name, title or organisation as typed: required, one line. */
const signerField = (requiredKey: string) =>
  z.string().trim().min(1, { error: requiredKey }).max(200, { error: 'validation.baaFieldTooLong' }).check(singleLineText);

/**
 * POST /api/billing/baa: the owner signs the business associate agreement of the version shown (decision 090). A
 * version that is no longer the current one is refused with 409, so nobody signs a text other than the one they read.
 */
export const ZBaaSignRequest = z.object({
  version: z.string().min(1).max(40).check(singleLineText),
  signerName: signerField('validation.baaNameRequired'),
  signerTitle: signerField('validation.baaTitleRequired'),
  organisation: signerField('validation.baaOrganisationRequired'),
  agreed: z.literal(true, { error: 'validation.baaAgreeRequired' }),
});
export type TBaaSignRequest = z.infer<typeof ZBaaSignRequest>;

/** A signature on record. */
export const ZBaaSignature = z.object({
  id: z.string(),
  version: z.string(),
  signerName: z.string(),
  signerTitle: z.string(),
  organisation: z.string(),
  signedAt: z.iso.datetime(),
});
export type TBaaSignature = z.infer<typeof ZBaaSignature>;

/**
 * GET /api/billing/baa: the agreement in force (its version and text in the reader's language), the account's
 * signatures newest first, and whether one of them is for the version in force: a HIPAA plan is bought only then.
 */
export const ZBaaResponse = z.object({
  version: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  signedCurrent: z.boolean(),
  signatures: z.array(ZBaaSignature),
});
export type TBaaResponse = z.infer<typeof ZBaaResponse>;

/** GET /api/billing/baa/:id/pdf */
export const ZBaaSignatureParams = z.object({ id: z.uuid() });
