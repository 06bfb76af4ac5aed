import type { TLineEcmState, TLineModem } from '@faxline/shared';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The learned line settings per destination (decision 120): what the calls to one number showed, kept so that the next
 * call starts from what worked (a slower modem after a failed training, no ECM after ECM failures). One row per remote
 * number, written at the end of every attempt to it (faxes/end-attempt.ts), reset from the back office.
 */
export const lineProfiles = pgTable('line_profiles', {
  /** The remote number (E.164). */
  toNumber: text('to_number').primaryKey(),
  /** The fastest modem the next call offers. */
  startModem: text('start_modem').$type<TLineModem>().notNull().default('v17'),
  ecm: text('ecm').$type<TLineEcmState>().notNull().default('unknown'),
  /** The highest speed a successful call reached (bit/s). */
  bestBitRate: integer('best_bit_rate'),
  trainingFailures: integer('training_failures').notNull().default(0),
  ecmFailures: integer('ecm_failures').notNull().default(0),
  /** audio or t38, where the line says. */
  transport: text('transport').$type<'audio' | 't38'>(),
  /** The line or carrier that last delivered. */
  lastDeliveredLine: text('last_delivered_line'),
  lastResult: text('last_result'),
  calls: integer('calls').notNull().default(0),
  deliveries: integer('deliveries').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LineProfileRow = typeof lineProfiles.$inferSelect;
