import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { sessionCopyLifetimes, type Auth } from './auth';
import { createSessionReader, loadSession, type CurrentSession } from './session';

const HOUR = 3600;

/** A session as Better Auth answers it, created now. */
const aSession = (id: string) =>
  ({
    session: { id, createdAt: new Date(), expiresAt: new Date(Date.now() + HOUR * 1000) },
    user: { id: `user-${id}`, twoFactorEnabled: false },
  }) as unknown as CurrentSession;

/** A reader whose Better Auth answers from `answer`, counting the calls, and whether each asked the database. */
function readerWith(answer: () => { response: CurrentSession | null; setCookie?: string }, cacheSeconds = 60) {
  const calls: Array<{ fresh: boolean }> = [];
  const getSession = vi.fn(async ({ query }: { query: { disableCookieCache: boolean } }) => {
    calls.push({ fresh: query.disableCookieCache });
    const { response, setCookie } = answer();
    const headers = new Headers();
    if (setCookie) headers.append('set-cookie', setCookie);
    return { headers, response };
  });
  const auth = { api: { getSession } } as unknown as Auth;
  const config = { sessionCookieCacheSeconds: cacheSeconds, sessionAbsoluteSeconds: 30 * 24 * HOUR } as TConfig;
  // The last-seen write goes nowhere; the notifications listen and say nothing changed.
  const db = { update: () => ({ set: () => ({ where: async () => {} }) }) } as unknown as Database;
  const notifications = { subscribe: () => () => {}, isListening: () => true, caughtUp: async () => {}, close: async () => {} };
  return { reader: createSessionReader({ auth, db, config, notifications }), calls };
}

const request = (method: string, cookie = 'faxline.session_token=abc; faxline.session_data=copy') =>
  ({ method, headers: { cookie }, routeOptions: { config: {} } }) as unknown as FastifyRequest;
const reply = () => ({ header: vi.fn() }) as unknown as FastifyReply;

describe('sessionCopyLifetimes', () => {
  it('never lets the copy and the memo together outlast the setting', () => {
    for (let seconds = 0; seconds <= 60; seconds += 1) {
      const { copySeconds, memoSeconds } = sessionCopyLifetimes({ sessionCookieCacheSeconds: seconds });
      expect(copySeconds + memoSeconds).toBe(seconds);
      expect(memoSeconds).toBeLessThanOrEqual(5);
    }
    expect(sessionCopyLifetimes({ sessionCookieCacheSeconds: 60 })).toEqual({ copySeconds: 55, memoSeconds: 5 });
  });
});

describe('loadSession', () => {
  it('checks a page read’s copy once, then remembers it for the same cookie', async () => {
    const { reader, calls } = readerWith(() => ({ response: aSession('s1') }));
    const first = await loadSession(reader, request('GET'), reply());
    const second = await loadSession(reader, request('GET'), reply());
    expect(second).toBe(first);
    expect(calls).toEqual([{ fresh: false }]);
    // Another cookie is another person's: checked on its own.
    await loadSession(reader, request('GET', 'faxline.session_token=other'), reply());
    expect(calls).toHaveLength(2);
  });

  it('always asks the database for a write and for a fresh read, remembered copy or not', async () => {
    const { reader, calls } = readerWith(() => ({ response: aSession('s1') }));
    await loadSession(reader, request('GET'), reply());
    await loadSession(reader, request('POST'), reply());
    await loadSession(reader, request('GET'), reply(), { fresh: true });
    expect(calls).toEqual([{ fresh: false }, { fresh: true }, { fresh: true }]);
  });

  it('does not remember a read that renewed the session (its answer sets new cookies) or found none', async () => {
    let answer: { response: CurrentSession | null; setCookie?: string } = {
      response: aSession('s1'),
      setCookie: 'faxline.session_data=new',
    };
    const { reader, calls } = readerWith(() => answer);
    const out = reply();
    await loadSession(reader, request('GET'), out);
    expect(out.header).toHaveBeenCalledWith('set-cookie', 'faxline.session_data=new');
    await loadSession(reader, request('GET'), reply());
    expect(calls).toHaveLength(2);

    answer = { response: null };
    const { reader: signedOut, calls: signedOutCalls } = readerWith(() => answer);
    expect(await loadSession(signedOut, request('GET'), reply())).toBeNull();
    expect(await loadSession(signedOut, request('GET'), reply())).toBeNull();
    expect(signedOutCalls).toHaveLength(2);
  });

  it('forgets a remembered copy after its few seconds', async () => {
    const { reader, calls } = readerWith(() => ({ response: aSession('s1') }), 12); // a memo of 1 s
    await loadSession(reader, request('GET'), reply());
    await loadSession(reader, request('GET'), reply());
    expect(calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await loadSession(reader, request('GET'), reply());
    expect(calls).toHaveLength(2);
  });

  it('remembers nothing when the copy is short (the memo would be under a second)', async () => {
    const { reader, calls } = readerWith(() => ({ response: aSession('s1') }), 3);
    await loadSession(reader, request('GET'), reply());
    await loadSession(reader, request('GET'), reply());
    expect(calls).toHaveLength(2);
  });
});
