import { z } from 'zod';
import { carrierRequest, CarrierRefused, CarrierUnavailable } from './carrier';
import type { PortOrderRequest, PortOrders, PortOrderStatus } from './port-orders';
import { telnyxErrorDetail, type TelnyxSettings } from './telnyx-api';
import { findTelnyxNumber } from './telnyx-numbers';

/**
 * Telnyx's porting API (v2), as its reference gives it: a port order is created as a draft
 * (`POST /v2/porting_orders`, which may split the numbers into several orders by country, type and losing carrier),
 * its documents uploaded (`POST /v2/documents`, base64) and named on it with the end user's details and the fax
 * application's connection (`PATCH /v2/porting_orders/{id}`), then submitted (`POST .../actions/confirm`). Telnyx and
 * the losing carrier then move it: in-process, submitted, foc-date-confirmed (a date), ported; or exception (with
 * details) or cancelled. Faxline keeps the ids of all the split orders, comma-separated, and reads them together.
 */

const headersOf = (settings: TelnyxSettings, json = false) => ({
  authorization: `Bearer ${settings.apiV2Key}`,
  accept: 'application/json',
  ...(json ? { 'content-type': 'application/json' } : {}),
});

const ZPortingOrder = z.object({
  id: z.string().min(1),
  status: z.object({
    value: z.string(),
    details: z
      .array(z.object({ code: z.string().nullable().optional(), description: z.string().nullable().optional() }))
      .nullable()
      .optional(),
  }),
  activation_settings: z
    .object({ foc_datetime_actual: z.string().nullable().optional(), foc_datetime_requested: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
type TPortingOrder = z.infer<typeof ZPortingOrder>;

/** A 2xx body read with `schema`; one that is not Telnyx's shape is Telnyx failing (it may pass), not refusing. */
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

async function call(settings: TelnyxSettings, method: string, path: string, body?: unknown) {
  return carrierRequest(
    'Telnyx',
    `${settings.apiUrl}/v2${path}`,
    { method, headers: headersOf(settings, body !== undefined), ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
    telnyxErrorDetail,
  );
}

async function uploadDocument(settings: TelnyxSettings, document: { fileName: string; bytes: Uint8Array }, reference: string) {
  const { body } = await call(settings, 'POST', '/documents', {
    file: Buffer.from(document.bytes).toString('base64'),
    // Telnyx takes the spaces out of a file name itself; they are taken out here so that the name kept is the one sent.
    filename: document.fileName.replace(/\s+/g, ''),
    customer_reference: reference,
  });
  return bodyOf(z.object({ data: z.object({ id: z.string().min(1) }) }), body, 'a document upload').data.id;
}

async function submitPortOrder(settings: TelnyxSettings, order: PortOrderRequest): Promise<{ orderId: string; status: string }> {
  const { body } = await call(settings, 'POST', '/porting_orders', { phone_numbers: order.numbers, customer_reference: order.reference });
  const drafts = bodyOf(z.object({ data: z.array(ZPortingOrder).min(1) }), body, 'a porting order').data;
  // The documents once, named on every split order: they hold all the numbers.
  const loa = await uploadDocument(settings, order.loa, order.reference);
  const invoice = await uploadDocument(settings, order.bill, order.reference);
  const statuses: string[] = [];
  for (const draft of drafts) {
    await call(settings, 'PATCH', `/porting_orders/${encodeURIComponent(draft.id)}`, {
      customer_reference: order.reference,
      documents: { loa, invoice },
      end_user: {
        admin: {
          entity_name: order.holder.name,
          auth_person_name: order.authorisedPerson,
          account_number: order.holder.accountNumber,
          ...(order.holder.pin ? { pin_passcode: order.holder.pin } : {}),
        },
        location: {
          street_address: order.holder.street,
          locality: order.holder.city,
          administrative_area: order.holder.region,
          postal_code: order.holder.postalCode,
          country_code: order.holder.country,
        },
      },
      // The numbers' calls go to the fax application from the day they move, like the numbers ordered from Telnyx.
      phone_number_configuration: { connection_id: settings.connectionId },
      ...(order.requestedDate ? { activation_settings: { foc_datetime_requested: `${order.requestedDate}T15:00:00Z` } } : {}),
    });
    const confirmed = await call(settings, 'POST', `/porting_orders/${encodeURIComponent(draft.id)}/actions/confirm`);
    statuses.push(bodyOf(z.object({ data: ZPortingOrder }), confirmed.body, 'a submitted porting order').data.status.value);
  }
  return { orderId: drafts.map((draft) => draft.id).join(','), status: [...new Set(statuses)].join(', ') };
}

const idsOf = (orderId: string) => orderId.split(',').filter((id) => id !== '');

async function readOrder(settings: TelnyxSettings, id: string): Promise<TPortingOrder> {
  const { body } = await call(settings, 'GET', `/porting_orders/${encodeURIComponent(id)}`);
  return bodyOf(z.object({ data: ZPortingOrder }), body, 'a porting order').data;
}

/** The split orders read as one: ported when all are, stopped when one is, scheduled when all have a date. */
function statusOfAll(orders: TPortingOrder[]): PortOrderStatus {
  const values = orders.map((order) => order.status.value);
  const carrierStatus = [...new Set(values)].join(', ');
  const focDays = orders.map((order) => order.activation_settings?.foc_datetime_actual?.slice(0, 10) ?? null);
  const portDate = focDays.every((day) => day !== null) ? [...focDays].sort().at(-1)! : null;
  const exception = orders.find((order) => order.status.value === 'exception');
  if (exception) {
    const detail = (exception.status.details ?? [])
      .map((d) => d.description ?? d.code)
      .filter(Boolean)
      .join('; ');
    return { kind: 'exception', carrierStatus, portDate, detail: detail || null };
  }
  if (values.some((value) => value === 'cancelled' || value === 'cancel-pending'))
    return { kind: 'cancelled', carrierStatus, portDate, detail: null };
  if (values.every((value) => value === 'ported')) return { kind: 'ported', carrierStatus, portDate, detail: null };
  if (values.every((value) => value === 'foc-date-confirmed' || value === 'ported') && portDate)
    return { kind: 'scheduled', carrierStatus, portDate, detail: null };
  return { kind: 'pending', carrierStatus, portDate, detail: null };
}

async function cancelPortOrder(settings: TelnyxSettings, orderId: string): Promise<void> {
  for (const id of idsOf(orderId)) {
    const order = await readOrder(settings, id);
    if (['ported', 'cancelled', 'cancel-pending'].includes(order.status.value)) continue;
    try {
      await call(settings, 'POST', `/porting_orders/${encodeURIComponent(id)}/actions/cancel`);
    } catch (error) {
      // Ended between the read and the cancel: nothing is left to withdraw.
      if (!(error instanceof CarrierRefused && error.status === 422)) throw error;
    }
  }
}

export function telnyxPortOrders(settings: TelnyxSettings): PortOrders {
  return {
    submit: (order) => submitPortOrder(settings, order),
    statusOf: async (orderId) => statusOfAll(await Promise.all(idsOf(orderId).map((id) => readOrder(settings, id)))),
    cancel: (orderId) => cancelPortOrder(settings, orderId),
    numberIdOf: async (number) => (await findTelnyxNumber(settings, number))?.id ?? null,
  };
}
