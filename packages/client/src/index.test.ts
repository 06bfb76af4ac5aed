import { FINAL_FAX_STATUSES as SERVER_FINAL_STATUSES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { createFaxlineClient, FaxlineApiError, FINAL_FAX_STATUSES, waitForFax } from './index';

/** A fetch that answers GET /faxes/{id} with each status in turn, and records what it was asked. */
function fakeFetch(answers: Array<{ status: number; body: object; headers?: Record<string, string> }>) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    const answer = answers[Math.min(requests.length, answers.length) - 1]!;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch, requests };
}
const fax = (status: string) => ({ status: 200, body: { id: 'f1', status, attempts: [] } });

describe('@faxline/client', () => {
  it('calls the base URL with the key as a Bearer token', async () => {
    const { fetch, requests } = fakeFetch([fax('queued')]);
    const client = createFaxlineClient({ baseUrl: 'https://faxline.example.com/v1', apiKey: 'fl_live_abc', fetch });
    await client.GET('/faxes/{fax_id}', { params: { path: { fax_id: 'f1' } } });
    expect(requests[0]!.url).toBe('https://faxline.example.com/v1/faxes/f1');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer fl_live_abc');
  });

  it('knows the final statuses the server knows, and received faxes', () => {
    expect([...FINAL_FAX_STATUSES].sort()).toEqual([...SERVER_FINAL_STATUSES, 'received'].sort());
  });

  it('waitForFax polls until a final status, waiting out a rate limit', async () => {
    const limited = {
      status: 429,
      body: { error: { type: 'rate_limit_error', message: 'Slow down', code: 'x' } },
      headers: { 'retry-after': '0' },
    };
    const { fetch, requests } = fakeFetch([fax('queued'), limited, fax('sending'), fax('partially_delivered')]);
    const client = createFaxlineClient({ baseUrl: 'https://faxline.example.com/v1', apiKey: 'k', fetch });
    expect(await waitForFax(client, 'f1', { intervalMs: 1 })).toMatchObject({ status: 'partially_delivered' });
    expect(requests).toHaveLength(4);
  });

  it('waitForFax throws the API error, or gives up at the timeout', async () => {
    const notFound = { status: 404, body: { error: { type: 'not_found_error', message: 'No such fax', code: 'errors.faxNotFound' } } };
    const client = createFaxlineClient({ baseUrl: 'https://x.test/v1', apiKey: 'k', fetch: fakeFetch([notFound]).fetch });
    const thrown = await waitForFax(client, 'f1').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(FaxlineApiError);
    expect(thrown).toMatchObject({ status: 404, error: { type: 'not_found_error' } });

    const stuck = createFaxlineClient({ baseUrl: 'https://x.test/v1', apiKey: 'k', fetch: fakeFetch([fax('sending')]).fetch });
    await expect(waitForFax(stuck, 'f1', { timeoutMs: 30, intervalMs: 10 })).rejects.toThrow(/final status/);
  });
});
