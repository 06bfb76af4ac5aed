import { z } from 'zod';
import { UNCERTAIN_CHOICES } from '../constants';

/**
 * The sender's answer to an uncertain fax (decision 119): POST /api/faxes/:id/uncertain and
 * POST /v1/faxes/{fax_id}/uncertain. "keep": it stays as it is; "resend": it is sent again as a new fax.
 */
export const ZUncertainChoiceRequest = z.object({ choice: z.enum(UNCERTAIN_CHOICES) });
export type TUncertainChoiceRequest = z.infer<typeof ZUncertainChoiceRequest>;

/** The answer: the new fax's id when it was sent again, null when kept. */
export const ZUncertainChoiceResponse = z.object({ choice: z.enum(UNCERTAIN_CHOICES), resentFaxId: z.string().nullable() });
export type TUncertainChoiceResponse = z.infer<typeof ZUncertainChoiceResponse>;
