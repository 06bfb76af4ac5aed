import type { TSession, TSessionUser } from '@faxline/shared';
import { createContext, useContext } from 'react';

import type { TAuthEvent, TAuthListener } from './auth-events';

export type TAuthContext = {
  user: TSessionUser | null;
  session: TSession | null;
  /** True until the server has answered whether anyone is signed in. */
  loading: boolean;
  /** Asks the server again; announces a sign-in or sign-out that this reveals, here and in the other tabs. */
  refresh: () => Promise<TSession | null>;
  /** Signs out, says so in a toast and goes to the home page (spec 000 §4, §8). Resolves to false on failure. */
  signOut: () => Promise<boolean>;
  /** Subscribes to the auth events; the returned function unsubscribes. */
  onAuthEvent: (listener: TAuthListener) => () => void;
  /**
   * Stores a session the server just returned (after sign-in or a profile update) and announces the change.
   * `event` overrides the event worked out from the change (USER_UPDATED for a saved profile, even if unchanged).
   */
  setSession: (session: TSession | null, event?: TAuthEvent) => Promise<void>;
  /** Announces an event that changes no session: PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED. */
  emit: (event: Extract<TAuthEvent, 'PASSWORD_RECOVERY' | 'MFA_CHALLENGE_VERIFIED'>) => void;
};

export const AuthContext = createContext<TAuthContext | null>(null);

export function useAuth(): TAuthContext {
  const context = useContext(AuthContext);
  // Fail loudly: a silent "signed out" would hide a component rendered outside the app's providers (spec 000 §8).
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
