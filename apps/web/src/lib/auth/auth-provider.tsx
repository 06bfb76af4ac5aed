import type { TSession } from '@faxline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';

import { openAuthChannel, type TAuthChannel } from './auth-channel';
import { createAuthEmitter, sessionTransition, type TAuthEvent } from './auth-events';
import { isPersonalQuery, sessionQueryKey, sessionQueryOptions } from './session-query';
import { AuthContext, type TAuthContext } from './use-auth';

type TOrigin = 'this-tab' | 'server';

/**
 * Who is signed in, from GET /api/auth/session (the session itself is an http-only cookie). Announces the spec's auth
 * events: changes made in this tab (sign-in, sign-out, profile saved) as they happen, and changes found when the
 * session is asked for again (window focus, every few minutes, a message from another tab). Sign-in and sign-out made
 * here are posted to the other tabs, which then ask the server themselves.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [emitter] = useState(createAuthEmitter);
  const query = useQuery(sessionQueryOptions());

  // The session the events so far describe; undefined until the first answer.
  const known = useRef<TSession | null | undefined>(undefined);
  // The answer already announced, so a re-render (or StrictMode's second effect run) does not announce it twice.
  const handledAt = useRef(0);
  const channel = useRef<TAuthChannel | null>(null);

  const announce = useCallback(
    (next: TSession | null, origin: TOrigin, forced?: TAuthEvent) => {
      const event = forced ?? sessionTransition(known.current, next);
      known.current = next;
      if (!event) return;
      if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') {
        // Someone else's (or no one's) data must not stay on screen or in the cache.
        queryClient.removeQueries({ predicate: isPersonalQuery, type: 'inactive' });
        void queryClient.invalidateQueries({ predicate: isPersonalQuery, type: 'active' });
        if (origin === 'this-tab') channel.current?.post({ type: event });
      }
      emitter.emit(event, next);
    },
    [emitter, queryClient],
  );

  // Answers from the server to the query (first load, focus, interval, another tab's message).
  useEffect(() => {
    if (!query.isSuccess || query.dataUpdatedAt === handledAt.current) return;
    handledAt.current = query.dataUpdatedAt;
    announce(query.data.session, 'server');
  }, [query.isSuccess, query.data, query.dataUpdatedAt, announce]);

  useEffect(() => {
    const opened = openAuthChannel(() => void queryClient.refetchQueries({ queryKey: sessionQueryKey }));
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [queryClient]);

  const setSession = useCallback<TAuthContext['setSession']>(
    async (next, event) => {
      // An answer still on its way was asked before this change and would undo it.
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      const updatedAt = Date.now();
      handledAt.current = updatedAt;
      queryClient.setQueryData(sessionQueryKey, { session: next }, { updatedAt });
      announce(next, 'this-tab', event);
    },
    [announce, queryClient],
  );

  const refresh = useCallback<TAuthContext['refresh']>(async () => {
    const { getSession } = await import('./api/get-session');
    const { session } = await getSession();
    await setSession(session);
    return session;
  }, [setSession]);

  const signOut = useCallback<TAuthContext['signOut']>(async () => {
    try {
      const { signOut: requestSignOut } = await import('./api/sign-out');
      await requestSignOut();
    } catch (error) {
      // An ApiError carries the server's translated message; anything else (a chunk that failed to load) does not.
      const message = error instanceof Error && error.name === 'ApiError' ? error.message : null;
      toast({
        title: t('account.signOutFailedTitle'),
        description: message || t('account.signOutFailedDescription'),
        variant: 'destructive',
      });
      return false;
    }
    // Leave first: a protected page would otherwise send the person to /sign-in as the session disappears.
    // flushSync: the home page must be on screen before the session goes, router updates are transitions otherwise.
    await navigate(paths.home.getHref(), { flushSync: true });
    await setSession(null);
    toast({ title: t('account.signedOutTitle'), description: t('account.signedOutDescription') });
    return true;
  }, [navigate, setSession, t]);

  const onAuthEvent = useCallback<TAuthContext['onAuthEvent']>((listener) => emitter.subscribe(listener), [emitter]);
  const emit = useCallback<TAuthContext['emit']>((event) => emitter.emit(event, known.current ?? null), [emitter]);

  const session = query.data?.session ?? null;
  const value = useMemo<TAuthContext>(
    () => ({ user: session?.user ?? null, session, loading: query.isPending, refresh, signOut, onAuthEvent, setSession, emit }),
    [session, query.isPending, refresh, signOut, onAuthEvent, setSession, emit],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
