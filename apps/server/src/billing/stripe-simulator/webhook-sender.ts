import { createHmac } from 'node:crypto';
import type { StripeEvent } from './wire';

/** One POST of an event to the webhook URL. `status` is the receiver's HTTP status, null when it could not be reached. */
export type WebhookDelivery = {
  eventId: string;
  eventType: string;
  url: string;
  attempt: number;
  replay: boolean;
  status: number | null;
  error: string | null;
  /** Real time (not the simulator's): when the attempt was made. */
  at: string;
};

export type WebhookSenderOptions = {
  secret: string;
  /** The waits before each retry of a delivery that failed; when they run out the event is given up. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  url: string | null;
};

export type WebhookSender = {
  setUrl(url: string | null): void;
  /** Queues the event for the current URL (none set: nothing is sent, as for an account without an endpoint). */
  enqueue(event: StripeEvent): void;
  /** Sends the event again after those queued, with a fresh signature; answers the last attempt. */
  replay(event: StripeEvent): Promise<WebhookDelivery>;
  deliveries(): WebhookDelivery[];
  /** Resolves once every queued event is delivered or given up. */
  settled(): Promise<void>;
  close(): Promise<void>;
};

/** Stripe's `Stripe-Signature` header: the time, and the HMAC-SHA256 of "<time>.<body>" keyed with the endpoint secret. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

type Job = { event: StripeEvent; replay: boolean; done?: (delivery: WebhookDelivery) => void; fail?: (error: Error) => void };

/**
 * Sends events one at a time, in the order they happened, each retried after the configured waits until the receiver
 * answers 2xx. It runs beside the API: an answer never waits for a delivery.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  let url = options.url;
  const queue: Job[] = [];
  const log: WebhookDelivery[] = [];
  let running: Promise<void> | null = null;
  let closed = false;
  const stop = new AbortController();
  const pendingWaits = new Set<() => void>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        pendingWaits.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      pendingWaits.add(finish);
    });

  async function attempt(job: Job, number: number): Promise<WebhookDelivery> {
    const target = url;
    const delivery: WebhookDelivery = {
      eventId: job.event.id,
      eventType: job.event.type,
      url: target ?? '',
      attempt: number,
      replay: job.replay,
      status: null,
      error: null,
      at: new Date().toISOString(),
    };
    log.push(delivery);
    if (!target) {
      delivery.error = 'No webhook URL is set';
      return delivery;
    }
    // Stripe's body is indented JSON; a receiver must verify the bytes as they came, never a re-serialised object.
    const payload = JSON.stringify(job.event, null, 2);
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, options.secret, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }

  async function deliver(job: Job): Promise<WebhookDelivery> {
    for (let number = 1; ; number += 1) {
      const delivery = await attempt(job, number);
      const delivered = delivery.status !== null && delivery.status >= 200 && delivery.status < 300;
      if (delivered) job.event.pending_webhooks = 0;
      const delay = options.retryDelaysMs[number - 1];
      if (delivered || closed || delay === undefined || !url) return delivery;
      await wait(delay);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0 && !closed) {
      const job = queue[0]!;
      const delivery = await deliver(job);
      queue.shift();
      job.done?.(delivery);
    }
  }

  function kick(): void {
    if (running || closed) return;
    running = drain().finally(() => {
      running = null;
      if (queue.length > 0) kick();
    });
  }

  return {
    setUrl(next) {
      url = next;
    },
    enqueue(event) {
      if (!url || closed) return;
      event.pending_webhooks = 1;
      queue.push({ event, replay: false });
      kick();
    },
    replay(event) {
      if (closed) return Promise.reject(new Error('The simulator is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ event, replay: true, done: resolve, fail: reject });
        kick();
      });
    },
    deliveries: () => log.map((delivery) => ({ ...delivery })),
    async settled() {
      while (running) await running;
    },
    async close() {
      closed = true;
      stop.abort();
      for (const finish of [...pendingWaits]) finish();
      while (running) await running;
      for (const job of queue.splice(0)) job.fail?.(new Error('The simulator closed before the event was sent'));
    },
  };
}
