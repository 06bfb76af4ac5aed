import { paths } from '@/config/paths';

/** The send page with its recipient filled (`?to=&name=`, read by routes/user/send-fax.tsx): a contact's "Send fax". */
export function sendFaxTo(number: string, name?: string): string {
  const query = new URLSearchParams({ to: number, ...(name ? { name } : {}) });
  return `${paths.user.sendFax.getHref()}?${query}`;
}
