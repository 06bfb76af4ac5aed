import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A "known device": a browser that has signed in to an account before. It carries one long-lived, http-only cookie
 * holding a random device id and, for each account signed in from it (the latest few), a MAC of (device id, person
 * id) under the auth secret. Nothing is stored on the server; a proof only says "this browser has had this person's
 * password right, or their e-mailed sign-in link, before", which lets its sign-ins past the delays and the ceiling that
 * strangers can cause (auth/sign-in-throttle.ts). It never signs anyone in by itself. See docs/decisions/024 and 069.
 */
const COOKIE = 'faxline.known_device';
const MAX_ACCOUNTS = 8;
/** The longest lifetime browsers keep a cookie for (Chrome caps Max-Age at 400 days). */
const MAX_AGE_SECONDS = 400 * 24 * 3600;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

type Device = { id: string; proofs: string[] };

const cookieName = (secure: boolean) => (secure ? `__Secure-${COOKIE}` : COOKIE);

function proofFor(secret: string, deviceId: string, userId: string): string {
  return createHmac('sha256', secret).update(`faxline known device\0${deviceId}\0${userId}`).digest('base64url').slice(0, 22);
}

function readDevice(request: FastifyRequest, secure: boolean): Device | null {
  const pattern = new RegExp(`(?:^|;\\s*)${cookieName(secure).replace(/\./g, '\\.')}=([^;]+)`);
  const value = pattern.exec(request.headers.cookie ?? '')?.[1];
  const [id, ...proofs] = (value ?? '').split('.');
  if (!id || !ID_PATTERN.test(id)) return null;
  return { id, proofs: proofs.filter((p) => ID_PATTERN.test(p)).slice(0, MAX_ACCOUNTS) };
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The request's device id when its cookie proves an earlier sign-in as this person; null otherwise. */
export function knownDeviceOf(request: FastifyRequest, options: { secret: string; secure: boolean; userId: string }): string | null {
  const device = readDevice(request, options.secure);
  if (!device) return null;
  const expected = proofFor(options.secret, device.id, options.userId);
  return device.proofs.some((proof) => same(proof, expected)) ? device.id : null;
}

/** After a successful sign-in: the browser is known for this person from now on (the cookie is renewed each time). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secret: string; secure: boolean; userId: string },
): void {
  const device = readDevice(request, options.secure) ?? { id: randomBytes(16).toString('base64url'), proofs: [] };
  const proof = proofFor(options.secret, device.id, options.userId);
  const proofs = [proof, ...device.proofs.filter((p) => p !== proof)].slice(0, MAX_ACCOUNTS);
  const attributes = ['Path=/api', `Max-Age=${MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])];
  reply.header('set-cookie', [`${cookieName(options.secure)}=${[device.id, ...proofs].join('.')}`, ...attributes].join('; '));
}
