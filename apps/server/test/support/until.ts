const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads until `done` holds, for what arrives on its own (a provider's webhook, a queued e-mail); fails after 20 s
 * naming `what`. Answers the value that satisfied it.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (const by = Date.now() + 20_000; Date.now() < by; await delay(50)) {
    const value = await read();
    if (done(value)) return value;
  }
  throw new Error(`waited 20 s for ${what}`);
}
