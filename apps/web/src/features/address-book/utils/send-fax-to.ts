import { paths } from '@/config/paths';

/**
 * The send page with its recipient filled (`?to=&name=&station=`, read by routes/user/send-fax.tsx): a contact's "Send
 * fax", with the station id its machine should announce.
 */
export function sendFaxTo(number: string, name?: string, stationId?: string | null): string {
  const query = new URLSearchParams({ to: number, ...(name ? { name } : {}), ...(stationId ? { station: stationId } : {}) });
  return `${paths.user.sendFax.getHref()}?${query}`;
}
