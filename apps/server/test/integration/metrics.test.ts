import { makePdf } from '@test-support/factories/documents';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareFaxJob } from '../../src/faxes/jobs/prepare-fax';
import { unlimitedCustomer } from '../support/fax-battery';
import { sendFaxRequest } from '../support/faxes';
import { callApi, openTestApp, signIn, type TestApp } from '../support/test-app';

// /metrics in Prometheus's text format, read back with a parser of that format. Jobs stay queued
// here (no worker), so that the queue's depth is what the test makes it.
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await openTestApp({ work: false });
  const sender = await unlimitedCustomer(t, 'Metrics Sender');
  cookie = await signIn(t.app, sender.email);
});
afterAll(async () => t?.close());

type Sample = { labels?: Record<string, string>; value?: string; count?: string; buckets?: Record<string, string> };
type Family = { name: string; type: string; metrics: Sample[] };

async function scrape(headers: Record<string, string> = {}) {
  const response = await callApi(t.app, 'GET', '/metrics', { headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  // The parser reads histograms without labels only: the latencies' own lines are not looked into here.
  const families = parsePrometheusTextFormat(response.body) as Family[];
  /** One series of a family, if the family has one with these labels. */
  const series = (name: string, labels: Record<string, string>) => {
    const family = families.find((candidate) => candidate.name === name);
    expect(family, name).toBeDefined();
    return family!.metrics.find((metric) => Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted));
  };
  /** Its value, 0 when there is no such series (a gauge shows only what there is). */
  const value = (name: string, labels: Record<string, string>) => Number(series(name, labels)?.value ?? 0);
  return { families, series, value };
}

describe('/metrics', () => {
  it('shows the queue rising with a fax sent and falling when its job is done, with the requests and the faxes on their way', async () => {
    const before = await scrape();
    const waiting = { job: prepareFaxJob.name, state: 'created' };
    const depthBefore = before.value('faxline_queue_jobs', waiting);

    const sent = await sendFaxRequest(t.app, cookie, { recipientNumber: '+12025550143', faxQuality: 'fine' }, [
      { name: 'a.pdf', bytes: await makePdf(1) },
    ]);
    expect(sent.statusCode, sent.body).toBe(202);
    const risen = await scrape();
    expect(risen.value('faxline_queue_jobs', waiting)).toBe(depthBefore + 1);
    expect(risen.value('faxline_faxes_in_flight', { status: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(risen.value('faxline_fax_events_last_hour', { event: 'fax.queued' })).toBeGreaterThanOrEqual(1);
    // The request that sent it, by its route's pattern and status.
    expect(risen.value('faxline_http_requests_total', { method: 'POST', route: '/api/faxes', status_code: '202' })).toBe(1);
    expect(risen.families.find((family) => family.name === 'faxline_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(risen.families.find((family) => family.name === 'faxline_process_resident_memory_bytes')).toBeDefined();

    // A worker takes the job and finishes it: the queue falls back, and the job is among those completed.
    const boss = t.env.queue.boss;
    const [job] = await boss.fetch(prepareFaxJob.name);
    expect(job).toBeDefined();
    expect((await scrape()).value('faxline_queue_jobs', { job: prepareFaxJob.name, state: 'active' })).toBe(1);
    await boss.complete(prepareFaxJob.name, job!.id);
    const fallen = await scrape();
    expect(fallen.value('faxline_queue_jobs', waiting)).toBe(depthBefore);
    expect(fallen.value('faxline_queue_jobs', { job: prepareFaxJob.name, state: 'active' })).toBe(0);
    expect(fallen.value('faxline_jobs_finished_recently', { job: prepareFaxJob.name, state: 'completed' })).toBeGreaterThanOrEqual(1);
    const duration = fallen.series('faxline_job_duration_seconds_recently', { job: prepareFaxJob.name, quantile: '0.95' });
    expect(Number(duration?.value)).toBeGreaterThanOrEqual(0);
  });
});

describe('/metrics behind a token', () => {
  let guarded: TestApp;
  const token = 'metrics-token-0123456789abcdef0123456789';
  beforeAll(async () => {
    guarded = await openTestApp({ work: false, env: { METRICS_TOKEN: token } });
  });
  afterAll(async () => guarded?.close());

  it('answers 401 without it or with another, and the figures with it', async () => {
    const without = await callApi(guarded.app, 'GET', '/metrics');
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(without.body).not.toContain('faxline_');
    const wrong = await callApi(guarded.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await callApi(guarded.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE faxline_queue_jobs gauge');
  });
});
