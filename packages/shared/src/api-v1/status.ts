import { z } from 'zod';
import {
  ATTEMPTS_PER_DELIVERED_ANCHOR,
  DELIVERY_WINDOWS,
  STATUS_INCIDENT_KINDS,
  STATUS_INCIDENT_STATES,
} from '../contracts/delivery-record';
import { FAX_LINES } from '../contracts/faxes';
import { LANGUAGES } from '../constants';

/**
 * GET /v1/status: the public delivery record (decision 122), the same figures as /status, in the API's snake_case.
 * Public: no key is needed (the figures are everyone's), counted against the caller's address.
 */
const ZV1Percentiles = z
  .object({
    p50_ms: z.number().int().meta({ description: 'The median, in milliseconds.' }),
    p95_ms: z.number().int().meta({ description: 'The 95th percentile, in milliseconds.' }),
  })
  .meta({ id: 'DurationPercentiles' });

export const ZV1DeliveryFigures = z
  .object({
    faxes: z.number().int().meta({ description: 'Sent faxes that ended in the window after at least one call.' }),
    delivered_first_try: z.number().int().meta({ description: 'Of them, delivered by their first call.' }),
    first_try_share: z.number().nullable().meta({ description: 'delivered_first_try / faxes (0 to 1); null without faxes.' }),
    delivered: z.number().int().meta({ description: 'Of them, delivered (every page confirmed; partial and uncertain are not).' }),
    delivered_attempts: z.number().int().meta({ description: 'The calls the delivered faxes took in all.' }),
    attempts_per_delivered: z
      .number()
      .nullable()
      .meta({ description: `delivered_attempts / delivered; ${ATTEMPTS_PER_DELIVERED_ANCHOR} is called attainable.` }),
    accepted_to_dialling: ZV1Percentiles.nullable().meta({
      description: 'From acceptance (a scheduled fax: from the time it was due) to its first call.',
    }),
    accepted_to_delivered: ZV1Percentiles.nullable().meta({
      description: 'From acceptance (a scheduled fax: from the time it was due) to its delivery, of the delivered faxes.',
    }),
  })
  .meta({ id: 'DeliveryFigures' });

export const ZV1Status = z
  .object({
    computed_at: z.iso.datetime().meta({ description: 'When the figures were computed (they are kept for up to 30 seconds).' }),
    attempts_anchor: z.number().meta({ description: 'Attempts per delivered fax called attainable.' }),
    windows: z.array(
      z.object({
        window: z.enum(DELIVERY_WINDOWS),
        overall: ZV1DeliveryFigures,
        lines: z
          .array(ZV1DeliveryFigures.extend({ line: z.enum(FAX_LINES) }))
          .meta({ description: 'The lines that carried faxes in the window.' }),
      }),
    ),
    incidents: z
      .array(
        z.object({
          id: z.uuid(),
          kind: z.enum(STATUS_INCIDENT_KINDS),
          title: z.string(),
          body: z.string(),
          language: z.enum(LANGUAGES).meta({ description: 'The language of title and body: Accept-Language when written in it, else en.' }),
          started_at: z.iso.datetime(),
          ends_at: z.iso.datetime(),
          state: z.enum(STATUS_INCIDENT_STATES),
        }),
      )
      .meta({ description: 'The incident and maintenance notices of the last 30 days, newest first.' }),
  })
  .meta({ id: 'Status' });
export type TV1Status = z.infer<typeof ZV1Status>;
