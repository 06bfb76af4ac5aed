import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { carrierRequest, CarrierRefused, CarrierUnavailable, type AvailableNumber } from './carrier';
import { telnyxErrorDetail as errorDetailOf, type TelnyxSettings } from './telnyx-api';

/**
 * Telnyx's numbers, as its API v2 reference gives them: the back office searches Telnyx's inventory
 * (`GET /v2/available_phone_numbers`), orders a number into the account (`POST /v2/number_orders`) and releases it
 * (`DELETE /v2/phone_numbers/{id}`). Telnyx sells only a number a recent search returned, so an order follows a search.
 */

/** The bearer key of every request; Telnyx answers JSON. */
const headersOf = (settings: TelnyxSettings) => ({ authorization: `Bearer ${settings.apiV2Key}`, accept: 'application/json' });

/** A 2xx body read with `schema`: a 2xx that is not Telnyx's shape is Telnyx failing, not refusing (it may pass). */
function bodyOf<T>(schema: z.ZodType<T>, body: Buffer, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new CarrierUnavailable(`Telnyx answered ${what} that Faxline cannot read`);
  return parsed.data;
}

const ZAvailablePhoneNumbers = z.object({
  data: z.array(
    z.object({
      phone_number: z.string().regex(/^\+[1-9]\d{1,14}$/),
      best_effort: z.boolean().nullable().optional(),
      region_information: z
        .array(z.object({ region_type: z.string(), region_name: z.string().nullable().optional() }))
        .nullable()
        .optional(),
      cost_information: z
        .object({ monthly_cost: z.string().nullable().optional(), currency: z.string().nullable().optional() })
        .nullable()
        .optional(),
    }),
  ),
});

/**
 * Fax-capable numbers Telnyx has for sale in a country (ISO alpha-2), in an area code (its national destination code)
 * when one is given, at most `limit`. Telnyx may add "best effort" numbers near the area asked (flagged best_effort):
 * they are not what was asked, so they are left out (filter[best_effort] is for the US and Canada only).
 */
export async function searchTelnyxNumbers(
  settings: TelnyxSettings,
  criteria: { country: string; areaCode?: string; limit: number },
): Promise<AvailableNumber[]> {
  const country = criteria.country.toUpperCase();
  const filters: Record<string, string> = { country_code: country, features: 'fax', limit: String(criteria.limit) };
  if (criteria.areaCode) filters.national_destination_code = criteria.areaCode;
  // Telnyx's own examples write the brackets as they are (filter[country_code]=US).
  const query = Object.entries(filters)
    .map(([name, value]) => `filter[${name}]=${encodeURIComponent(value)}`)
    .join('&');
  const { body } = await carrierRequest(
    'Telnyx',
    `${settings.apiUrl}/v2/available_phone_numbers?${query}`,
    { headers: headersOf(settings) },
    errorDetailOf,
  );
  return bodyOf(ZAvailablePhoneNumbers, body, 'a number search')
    .data.filter((found) => found.best_effort !== true)
    .slice(0, Math.max(0, criteria.limit))
    .map((found): AvailableNumber => {
      const region = (type: string) => found.region_information?.find((r) => r.region_type === type)?.region_name || null;
      const cost = found.cost_information;
      return {
        number: found.phone_number,
        country: region('country_code') ?? country,
        // US and Canada: a state or province and a rate center; elsewhere a location (the city).
        region: region('state'),
        locality: region('rate_center') ?? region('location'),
        monthlyPrice: cost?.monthly_cost ? [cost.monthly_cost, cost.currency].filter(Boolean).join(' ') : null,
      };
    });
}

const ZNumberOrder = z.object({
  data: z.object({
    id: z.string().min(1),
    status: z.string(),
    phone_numbers: z
      .array(z.object({ phone_number: z.string(), status: z.string().nullable().optional() }))
      .nullable()
      .optional(),
  }),
});

const ZPhoneNumbers = z.object({
  data: z.array(z.object({ id: z.string().min(1), phone_number: z.string(), status: z.string().nullable().optional() })),
});

/** Looks at a pending order after each of these waits: 1.55 s in all, what a back-office request can wait. */
const ORDER_POLL_DELAYS_MS = [50, 100, 200, 400, 800];

/** The account's record of a number (id and status), or null when the account does not have it. */
export async function findTelnyxNumber(
  settings: TelnyxSettings,
  number: string,
): Promise<z.infer<typeof ZPhoneNumbers>['data'][number] | null> {
  // filter[phone_number] takes digits only (a + finds nothing) and matches within numbers: the exact one is picked.
  const digits = number.replace(/\D/g, '');
  const { body } = await carrierRequest(
    'Telnyx',
    `${settings.apiUrl}/v2/phone_numbers?filter[phone_number]=${digits}`,
    { headers: headersOf(settings) },
    errorDetailOf,
  );
  return bodyOf(ZPhoneNumbers, body, 'a list of numbers').data.find((found) => found.phone_number === number) ?? null;
}

/**
 * Buys a number (+E.164, from a recent search) and returns Telnyx's id of it, which releasing it takes. The order names
 * the fax application's connection: the number's incoming faxes go to that application, whose webhook is Faxline's.
 *
 * An order answers `pending` and completes by itself "momentarily" when the number has no regulatory requirements;
 * its phone_numbers' ids are the order's, not the numbers'. So: the order is looked at again for up to 1.55 s, a
 * failure is a refusal, and the number's id is then read from the account's numbers (GET /v2/phone_numbers), where the
 * number is from the order on (status purchase-pending, then active). An order still pending after the wait (one
 * waiting for documents, given in Telnyx's portal) still gives the number's id: it is the account's, on the fax
 * application, and becomes active when Telnyx completes it.
 */
export async function orderTelnyxNumber(settings: TelnyxSettings, number: string): Promise<{ carrierNumberId: string }> {
  const created = await carrierRequest(
    'Telnyx',
    `${settings.apiUrl}/v2/number_orders`,
    {
      method: 'POST',
      headers: { ...headersOf(settings), 'content-type': 'application/json' },
      body: JSON.stringify({ phone_numbers: [{ phone_number: number }], connection_id: settings.connectionId }),
    },
    errorDetailOf,
  );
  let order = bodyOf(ZNumberOrder, created.body, 'a number order').data;
  for (const wait of ORDER_POLL_DELAYS_MS) {
    if (order.status !== 'pending') break;
    await delay(wait);
    const { body } = await carrierRequest(
      'Telnyx',
      `${settings.apiUrl}/v2/number_orders/${encodeURIComponent(order.id)}`,
      { headers: headersOf(settings) },
      errorDetailOf,
    );
    order = bodyOf(ZNumberOrder, body, 'a number order').data;
  }
  const ordered = order.phone_numbers?.find((entry) => entry.phone_number === number);
  if (order.status === 'failure' || ordered?.status === 'failure')
    throw new CarrierRefused(`Telnyx could not complete the order of ${number} (number order ${order.id})`);

  const found = await findTelnyxNumber(settings, number);
  if (found?.status === 'purchase-failed')
    throw new CarrierRefused(`Telnyx could not complete the order of ${number} (number order ${order.id})`);
  if (!found)
    throw new CarrierUnavailable(
      `Telnyx does not list ${number} among the account's numbers yet (number order ${order.id}, ${order.status})`,
    );
  return { carrierNumberId: found.id };
}

/** Gives a number back to Telnyx. A number the account no longer has under that id (Telnyx answers 404) was released already. */
export async function releaseTelnyxNumber(settings: TelnyxSettings, number: { number: string; carrierNumberId: string }): Promise<void> {
  try {
    await carrierRequest(
      'Telnyx',
      `${settings.apiUrl}/v2/phone_numbers/${encodeURIComponent(number.carrierNumberId)}`,
      { method: 'DELETE', headers: headersOf(settings) },
      errorDetailOf,
    );
  } catch (error) {
    if (!(error instanceof CarrierRefused && error.status === 404)) throw error;
  }
}
