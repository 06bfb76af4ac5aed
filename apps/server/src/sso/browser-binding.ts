import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser that started an OIDC sign-in holds a random value in a cookie, and the request's record its hash: an
 * answer brought to another browser (a sign-in forced on someone, "login CSRF") finds no request. Lax, so that the
 * identity provider's redirect back, a top-level GET, carries it.
 */
const COOKIE = 'faxline.sso';
const PATH = '/api/sso';
const cookieName = (secure: boolean) => (secure ? `__Secure-${COOKIE}` : COOKIE);
export const hashOfBrowser = (value: string) => createHash('sha256').update(value).digest('base64url');

export function bindBrowser(reply: FastifyReply, secure: boolean, seconds: number): string {
  const value = randomBytes(32).toString('base64url');
  const attributes = [`Path=${PATH}`, `Max-Age=${seconds}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  reply.header('set-cookie', [`${cookieName(secure)}=${value}`, ...attributes].join('; '));
  return hashOfBrowser(value);
}

export function boundBrowserOf(request: FastifyRequest, secure: boolean): string | null {
  const pattern = new RegExp(`(?:^|;\\s*)${cookieName(secure).replace(/\./g, '\\.')}=([A-Za-z0-9_-]{43})(?:;|$)`);
  const value = pattern.exec(request.headers.cookie ?? '')?.[1];
  return value ? hashOfBrowser(value) : null;
}

export function unbindBrowser(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', `${cookieName(secure)}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
