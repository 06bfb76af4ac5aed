import type { TSession } from '@faxline/shared';

/** The auth events of spec 000 §4 (DESIGN.md "Accounts, people and roles"). */
export const AUTH_EVENTS = [
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  // After the second step of a two-factor sign-in, right after its SIGNED_IN (features/auth verify-two-factor).
  'MFA_CHALLENGE_VERIFIED',
] as const;
export type TAuthEvent = (typeof AUTH_EVENTS)[number];

/** Receives each event with the session as it is after the event (null when signed out). */
export type TAuthListener = (event: TAuthEvent, session: TSession | null) => void;

export type TAuthEmitter = {
  /** Adds a listener; the returned function removes it again. */
  subscribe: (listener: TAuthListener) => () => void;
  unsubscribe: (listener: TAuthListener) => void;
  emit: (event: TAuthEvent, session: TSession | null) => void;
  listenerCount: () => number;
};

export function createAuthEmitter(): TAuthEmitter {
  const listeners = new Set<TAuthListener>();
  const unsubscribe = (listener: TAuthListener) => void listeners.delete(listener);
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => unsubscribe(listener);
    },
    unsubscribe,
    emit(event, session) {
      // A copy, so a listener that unsubscribes (or subscribes) while being called does not disturb this round.
      for (const listener of [...listeners]) {
        try {
          listener(event, session);
        } catch (error) {
          // One failing listener must not keep the others (or the auth state) from updating.
          console.error(`An ${event} listener failed`, error);
        }
      }
    },
    listenerCount: () => listeners.size,
  };
}

/**
 * The event that a change of session means. `previous` is undefined before the first answer from the server: the
 * session found on page load is the starting point, not an event.
 */
export function sessionTransition(previous: TSession | null | undefined, next: TSession | null): TAuthEvent | null {
  if (previous === undefined) return null;
  if (previous === null) return next === null ? null : 'SIGNED_IN';
  if (next === null) return 'SIGNED_OUT';
  if (previous.user.id !== next.user.id) return 'SIGNED_IN';
  return sameUser(previous.user, next.user) ? 'TOKEN_REFRESHED' : 'USER_UPDATED';
}

function sameUser(a: TSession['user'], b: TSession['user']): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof TSession['user']>;
  return [...keys].every((key) => a[key] === b[key]);
}
