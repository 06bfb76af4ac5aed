import { FaxlineApiError, type Fax, type FaxlineClient } from '@faxline/client';

/** Every fax sent to `to`, newest first, one page of 100 at a time: each page's `next_cursor` asks for the next. */
export async function faxesSentTo(client: FaxlineClient, to: string) {
  const faxes: Fax[] = [];
  let cursor: string | undefined;
  do {
    const { data, error, response } = await client.GET('/faxes', {
      params: { query: { direction: 'outbound', to, limit: 100, cursor } },
    });
    if (error) throw new FaxlineApiError(response.status, error.error);
    faxes.push(...data.data);
    cursor = data.next_cursor ?? undefined;
  } while (cursor);
  return faxes;
}
