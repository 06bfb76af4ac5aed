import type { PayPalEvent } from './wire';

/** One POST of an event; `status` is the receiver's answer, null when it could not be reached. */
export type PayPalDelivery = { eventId: string; eventType: string; attempt: number; replay: boolean; status: number | null };

type Job = { event: PayPalEvent; replay: boolean; done?: (delivery: PayPalDelivery) => void };

/**
 * Posts events one at a time in the order they happened, each signed afresh at every attempt and retried after the
 * given waits until the receiver answers 2xx (PayPal retries up to 25 times over three days; tests need seconds).
 */
export function createPayPalWebhookSender(options: {
  url: string | null;
  retryDelaysMs: readonly number[];
  headersFor(body: string): Record<string, string>;
}) {
  let url = options.url;
  const queue: Job[] = [];
  const log: PayPalDelivery[] = [];
  let running: Promise<void> | null = null;
  let closed = false;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  async function post(job: Job, target: string, attempt: number): Promise<PayPalDelivery> {
    const body = JSON.stringify(job.event);
    let status: number | null = null;
    try {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headersFor(body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = null;
    }
    const delivery = { eventId: job.event.id, eventType: job.event.event_type, attempt, replay: job.replay, status };
    log.push(delivery);
    return delivery;
  }

  async function deliver(job: Job) {
    const target = url;
    if (!target) return;
    let delivery = await post(job, target, 1);
    for (const [index, delay] of options.retryDelaysMs.entries()) {
      if (closed || (delivery.status !== null && delivery.status < 300)) break;
      await sleep(delay);
      delivery = await post(job, target, index + 2);
    }
    job.done?.(delivery);
  }

  function run() {
    running ??= (async () => {
      while (queue.length > 0 && !closed) await deliver(queue.shift()!);
      running = null;
    })();
  }

  return {
    setUrl(next: string | null) {
      url = next;
    },
    enqueue(event: PayPalEvent) {
      if (!url) return;
      queue.push({ event, replay: false });
      run();
    },
    replay(event: PayPalEvent): Promise<PayPalDelivery> {
      return new Promise((resolve) => {
        queue.push({ event, replay: true, done: resolve });
        run();
      });
    },
    deliveries: () => [...log],
    async settled() {
      while (running) await running;
    },
    async close() {
      closed = true;
      queue.length = 0;
      await running;
    },
  };
}
