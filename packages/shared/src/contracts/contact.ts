import { z } from 'zod';

/** Contact form (spec 000 §3, §5): stored as a support ticket for the back office. */
export const CONTACT_DEPARTMENTS = ['sales', 'support', 'billing', 'general'] as const;

export const ZContactRequest = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(120),
  email: z.email({ error: 'validation.email' }).max(254),
  subject: z.string().trim().min(1, { error: 'validation.required' }).max(200),
  department: z.enum(CONTACT_DEPARTMENTS, { error: 'validation.required' }),
  message: z.string().trim().min(1, { error: 'validation.required' }).max(5000),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

export const ZContactResponse = z.object({ ticketId: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;
