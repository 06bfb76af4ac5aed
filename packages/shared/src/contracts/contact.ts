import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';

/** Contact form (spec 000 §3, §5): stored as a support ticket for the back office. */
export const CONTACT_DEPARTMENTS = ['sales', 'support', 'billing', 'general'] as const;

export const ZContactRequest = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(120).check(singleLineText),
  email: z.email({ error: 'validation.email' }).max(254).check(singleLineText),
  subject: z.string().trim().min(1, { error: 'validation.required' }).max(200).check(singleLineText),
  department: z.enum(CONTACT_DEPARTMENTS, { error: 'validation.required' }),
  message: z.string().trim().min(1, { error: 'validation.required' }).max(5000).check(multiLineText),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

export const ZContactResponse = z.object({ ticketId: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;
