import type { TSession } from '@faxline/shared';
import { describe, expect, it, vi } from 'vitest';

import { AUTH_EVENTS, createAuthEmitter, sessionTransition } from './auth-events';

const session = (overrides: Partial<TSession['user']> = {}, sessionId = 's1'): TSession => ({
  user: {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    image: null,
    username: null,
    language: 'en',
    timeZone: null,
    platformRole: 'User',
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
    ...overrides,
  },
  session: { id: sessionId, expiresAt: '2030-01-01T00:00:00.000Z' },
});

/** The auth events as spec 000 §4 lists them, in its order. */
const SPEC_AUTH_EVENTS = ['SIGNED_IN', 'SIGNED_OUT', 'TOKEN_REFRESHED', 'USER_UPDATED', 'PASSWORD_RECOVERY', 'MFA_CHALLENGE_VERIFIED'];

describe('auth events', () => {
  it('are the six of spec 000 §4', () => {
    expect(AUTH_EVENTS).toEqual(SPEC_AUTH_EVENTS);
  });
});

describe('createAuthEmitter', () => {
  it('calls every subscriber with the event and the session, in subscription order', () => {
    const emitter = createAuthEmitter();
    const calls: string[] = [];
    emitter.subscribe((event, current) => calls.push(`a:${event}:${current?.user.email ?? 'none'}`));
    emitter.subscribe((event) => calls.push(`b:${event}`));
    emitter.emit('SIGNED_IN', session());
    emitter.emit('SIGNED_OUT', null);
    expect(calls).toEqual(['a:SIGNED_IN:ada@example.com', 'b:SIGNED_IN', 'a:SIGNED_OUT:none', 'b:SIGNED_OUT']);
  });

  it('stops calling a listener once it unsubscribes, by the returned function or by unsubscribe()', () => {
    const emitter = createAuthEmitter();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = emitter.subscribe(first);
    emitter.subscribe(second);
    expect(emitter.listenerCount()).toBe(2);

    stopFirst();
    emitter.unsubscribe(second);
    emitter.emit('USER_UPDATED', session());
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    expect(emitter.listenerCount()).toBe(0);
  });

  it('lets a listener unsubscribe itself while the event is being delivered, without skipping the others', () => {
    const emitter = createAuthEmitter();
    const later = vi.fn();
    const stop = emitter.subscribe(() => stop());
    emitter.subscribe(later);
    emitter.emit('TOKEN_REFRESHED', session());
    emitter.emit('TOKEN_REFRESHED', session());
    expect(later).toHaveBeenCalledTimes(2);
    expect(emitter.listenerCount()).toBe(1);
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const emitter = createAuthEmitter();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    emitter.subscribe(() => {
      throw new Error('broken listener');
    });
    emitter.subscribe(after);
    emitter.emit('PASSWORD_RECOVERY', null);
    expect(after).toHaveBeenCalledWith('PASSWORD_RECOVERY', null);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('does not share listeners between emitters', () => {
    const one = createAuthEmitter();
    const two = createAuthEmitter();
    const listener = vi.fn();
    one.subscribe(listener);
    two.emit('SIGNED_IN', session());
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('sessionTransition', () => {
  it('announces nothing for the session found when the page loads', () => {
    expect(sessionTransition(undefined, session())).toBeNull();
    expect(sessionTransition(undefined, null)).toBeNull();
  });

  it('is SIGNED_IN when someone signs in, or someone else does', () => {
    expect(sessionTransition(null, session())).toBe('SIGNED_IN');
    expect(sessionTransition(session(), session({ id: 'u2', email: 'grace@example.com' }))).toBe('SIGNED_IN');
  });

  it('is SIGNED_OUT when the session ends', () => {
    expect(sessionTransition(session(), null)).toBe('SIGNED_OUT');
  });

  it('is TOKEN_REFRESHED when the session is fetched again and is still valid', () => {
    expect(sessionTransition(session(), session())).toBe('TOKEN_REFRESHED');
    expect(sessionTransition(session(), session({}, 's2'))).toBe('TOKEN_REFRESHED');
  });

  it('is USER_UPDATED when the same person comes back with changed details', () => {
    expect(sessionTransition(session(), session({ name: 'Ada King' }))).toBe('USER_UPDATED');
    expect(sessionTransition(session(), session({ emailVerified: false }))).toBe('USER_UPDATED');
  });

  it('announces nothing while nobody is signed in', () => {
    expect(sessionTransition(null, null)).toBeNull();
  });
});
