import { isSafePath } from '@faxline/shared';

/**
 * Where to go after signing in. A guard that turns someone away remembers the page in the router state `from`
 * (spec 001 §2.1); a link may also carry it as `?redirectTo=` (paths.signIn.getHref).
 */
export type TFromState = { from: string };

type TLocationLike = { pathname: string; search: string; hash: string };

export function fromState(location: TLocationLike): TFromState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * The remembered page if it is a path on this site, else `fallback`. Anything else (another site, `//host`, a
 * `javascript:` URL) is ignored, so a crafted link cannot send someone elsewhere after they sign in.
 */
export function redirectTarget(state: unknown, search: string, fallback: string): string {
  const fromRouterState =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string' ? state.from : null;
  const candidate = fromRouterState ?? new URLSearchParams(search).get('redirectTo');
  return candidate !== null && isSafePath(candidate) ? candidate : fallback;
}

// Shared with the server, which checks the page a sign-up carries through its confirmation link.
export { isSafePath };
