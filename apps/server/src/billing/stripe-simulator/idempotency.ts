import { StripeApiError } from './errors';

export type StoredAnswer = { status: number; body: string };

/** stripe-node sends a key with every POST: a long `npm start` keeps the newest answers only (Stripe keeps a day's). */
const MAX_KEPT_ANSWERS = 10_000;

/**
 * First answers by `Idempotency-Key`, as Stripe keeps them: a POST sent again with the same key gets the first answer
 * back and changes nothing; the same key with other parameters is refused. Like Stripe, an answer is kept only once
 * the request has run (a success or a declined card), not for a request refused for its parameters.
 */
export class IdempotencyKeys {
  private readonly answers = new Map<string, StoredAnswer & { request: string }>();

  /** The first answer for this key, or undefined when the key is new. */
  replayed(key: string, request: string): StoredAnswer | undefined {
    const stored = this.answers.get(key);
    if (!stored) return undefined;
    if (stored.request !== request) {
      throw new StripeApiError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { status: 400, type: 'idempotency_error' },
      );
    }
    return { status: stored.status, body: stored.body };
  }

  keep(key: string, request: string, answer: StoredAnswer): void {
    if (answer.status >= 300 && answer.status !== 402) return;
    if (this.answers.size >= MAX_KEPT_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { ...answer, request });
  }
}
