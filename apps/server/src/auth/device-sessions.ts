import type { TDeviceSession, TSessionPlace } from '@faxline/shared';
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import UAParser from 'ua-parser-js';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { countryOfAddress } from './address-country';
import { clientKeysOf } from './client-network';
import { sessions } from './schema';

/** Who asks for a list of devices: their own session (to say "this device") and their address (to say "this network"). */
export type DeviceAsker = { sessionId: string; ip: string };

/** The address ranges that do not leave a building: loopback, private, link-local and unique-local. */
const LOCAL_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

/**
 * Where a session's address is (decision 109): the asker's own network, a local one, or an address on the internet,
 * whose country countryOf names.
 */
export function placeOf(ip: string | null, askerIp: string): TSessionPlace {
  if (!ip || !ipaddr.isValid(ip)) return 'internet';
  if (ipaddr.isValid(askerIp) && clientKeysOf(ip).network === clientKeysOf(askerIp).network) return 'this-network';
  return LOCAL_RANGES.has(ipaddr.process(ip).range()) ? 'local-network' : 'internet';
}

/** The country of an address on the internet; none for a local one, whose place no database knows. */
const countryOf = (ip: string | null, place: TSessionPlace) =>
  ip && place !== 'local-network' && ipaddr.isValid(ip) ? countryOfAddress(ip) : null;

const named = (name: string | undefined, version: string | undefined) => (name ? [name, version].filter(Boolean).join(' ') : null);

function toDeviceSession(row: typeof sessions.$inferSelect, asker: DeviceAsker): TDeviceSession {
  const ua = new UAParser(row.userAgent ?? '').getResult();
  const ip = row.ipAddress || null;
  const place = placeOf(ip, asker.ip);
  return {
    id: row.id,
    browser: named(ua.browser.name, ua.browser.major),
    system: named(ua.os.name, ua.os.version),
    deviceType: ua.device.type ?? null,
    ip,
    place,
    country: countryOf(ip, place),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    current: row.id === asker.sessionId,
  };
}

/** The open sessions of these people, by person, the most recently seen first. */
export async function listDeviceSessions(db: Database, userIds: string[], asker: DeviceAsker): Promise<Map<string, TDeviceSession[]>> {
  const byPerson = new Map<string, TDeviceSession[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byPerson;
  const rows = await db
    .select()
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  for (const row of rows) byPerson.get(row.userId)?.push(toDeviceSession(row, asker));
  return byPerson;
}

/**
 * Ends one session of a person: it is deleted, and every process stops trusting its signed copy at once (the
 * migration's trigger, auth/session-changes.ts), so that browser is signed out at its next request. 404 when the
 * person has no such session.
 */
export async function endDeviceSession(db: Database, userId: string, sessionId: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError('not_found', 'errors.sessionNotFound');
}

/** Ends every session of a person but `keep` (the asker's own, when they end their other devices). */
export async function endDeviceSessions(db: Database, userId: string, keep: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}
