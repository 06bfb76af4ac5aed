/**
 * The porting part of the Telnyx simulator (telnyx.ts mounts it), written from Telnyx's published reference:
 *
 * - POST /v2/porting_orders { phone_numbers: [+E.164], customer_reference? } answers 201 `{ data: [porting_order] }`,
 *   each a draft (status { value: 'draft', details: [] }); numbers the account already has are not portable (422).
 *   https://developers.telnyx.com/api-reference/porting-orders/create-a-porting-order
 * - POST /v2/documents { file: base64, filename, customer_reference? } answers `{ data: document }` (at most 20 MB).
 *   https://developers.telnyx.com/api-reference/documents/upload-a-document
 * - PATCH /v2/porting_orders/{id}: documents { loa, invoice } (ids of uploaded documents), end_user { admin, location },
 *   phone_number_configuration { connection_id }, activation_settings { foc_datetime_requested }, customer_reference.
 * - POST /v2/porting_orders/{id}/actions/confirm: a draft with its LOA, invoice, entity and authorised person's names
 *   and its address becomes in-process; anything missing is a 422 naming it.
 *   https://developers.telnyx.com/api-reference/porting-orders/submit-a-porting-order
 * - POST /v2/porting_orders/{id}/actions/cancel: an order not ported becomes cancelled (422 once ported).
 * - GET /v2/porting_orders/{id}. Status values: draft, in-process, submitted, exception, foc-date-confirmed,
 *   cancel-pending, ported, cancelled; activation_settings.foc_datetime_actual once the date is confirmed.
 *   https://developers.telnyx.com/docs/numbers/porting/getting-started
 *
 * What Telnyx and the losing carrier do next is the test's to say (`advancePortingOrder`); a ported order's numbers
 * become the account's (GET /v2/phone_numbers, active, on the order's connection). Not simulated: order splitting, the
 * portability check endpoint, comments, webhooks of porting events.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type TelnyxPortingStatus =
  'draft' | 'in-process' | 'submitted' | 'exception' | 'foc-date-confirmed' | 'cancel-pending' | 'ported' | 'cancelled';

export interface TelnyxPortingOrder {
  record_type: 'porting_order';
  id: string;
  status: { value: TelnyxPortingStatus; details: { code: string; description: string }[] };
  phone_numbers: { phone_number: string; phone_number_type: 'local'; activation_status: string | null; portability_status: string }[];
  customer_reference: string | null;
  documents: { loa: string | null; invoice: string | null };
  end_user: {
    admin: Record<'entity_name' | 'auth_person_name' | 'account_number' | 'pin_passcode' | 'billing_phone_number', string | null>;
    location: Record<
      'street_address' | 'extended_address' | 'locality' | 'administrative_area' | 'postal_code' | 'country_code',
      string | null
    >;
  };
  phone_number_configuration: { connection_id: string | null };
  activation_settings: { foc_datetime_requested: string | null; foc_datetime_actual: string | null; fast_port_eligible: boolean };
  created_at: string;
  updated_at: string;
}

export interface TelnyxDocument {
  record_type: 'document';
  id: string;
  filename: string;
  content_type: string;
  size: { unit: 'bytes'; amount: number };
  sha256: string;
  status: 'pending';
  customer_reference: string | null;
  created_at: string;
  /** The bytes uploaded (not part of Telnyx's answer): what a test reads back. */
  bytes: Buffer;
}

type TelnyxErrorBody = { code: string; title: string; detail: string; source?: { pointer: string } };

export type PortingKit = {
  connectionId: string;
  fail(status: number, errors: TelnyxErrorBody[]): Error;
  readJson(req: IncomingMessage): Promise<Record<string, unknown>>;
  send(res: ServerResponse, status: number, body: unknown): void;
  /** Whether the account has the number already (it is not portable then). */
  owns(phoneNumber: string): boolean;
  /** The order is ported: its numbers become the account's. */
  ported(order: TelnyxPortingOrder): void;
};

const E164 = /^\+[1-9]\d{1,14}$/;
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const now = () => new Date().toISOString();
const unprocessable = (pointer: string, detail: string): TelnyxErrorBody => ({
  code: '10015',
  title: 'Bad Request',
  detail,
  source: { pointer },
});

function contentTypeOf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0x89 && bytes.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  return null;
}

export function telnyxPortingSimulator(kit: PortingKit) {
  const portingOrders: TelnyxPortingOrder[] = [];
  const documents: TelnyxDocument[] = [];

  const find = (id: string) => {
    const order = portingOrders.find((o) => o.id === id);
    if (!order) throw kit.fail(404, [{ code: '10005', title: 'Resource not found', detail: 'No porting order has this id.' }]);
    return order;
  };

  async function create(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const body = await kit.readJson(req);
    const numbers = body.phone_numbers;
    if (!Array.isArray(numbers) || numbers.length === 0)
      throw kit.fail(422, [{ ...unprocessable('/phone_numbers', 'phone_numbers is required.'), code: '10004' }]);
    const errors = numbers.flatMap((n: unknown, i): TelnyxErrorBody[] => {
      if (typeof n !== 'string' || !E164.test(n)) return [unprocessable(`/phone_numbers/${i}`, 'phone_number must be in +E.164 format.')];
      if (kit.owns(n)) return [unprocessable(`/phone_numbers/${i}`, `${n} is already on this account: it is not portable.`)];
      if (portingOrders.some((o) => !['cancelled', 'ported'].includes(o.status.value) && o.phone_numbers.some((p) => p.phone_number === n)))
        return [unprocessable(`/phone_numbers/${i}`, `${n} is in another porting order.`)];
      return [];
    });
    if (errors.length > 0) throw kit.fail(422, errors);
    const at = now();
    const order: TelnyxPortingOrder = {
      record_type: 'porting_order',
      id: randomUUID(),
      status: { value: 'draft', details: [] },
      phone_numbers: (numbers as string[]).map((n) => ({
        phone_number: n,
        phone_number_type: 'local',
        activation_status: null,
        portability_status: 'confirmed',
      })),
      customer_reference: typeof body.customer_reference === 'string' ? body.customer_reference : null,
      documents: { loa: null, invoice: null },
      end_user: {
        admin: { entity_name: null, auth_person_name: null, account_number: null, pin_passcode: null, billing_phone_number: null },
        location: {
          street_address: null,
          extended_address: null,
          locality: null,
          administrative_area: null,
          postal_code: null,
          country_code: null,
        },
      },
      phone_number_configuration: { connection_id: null },
      activation_settings: { foc_datetime_requested: null, foc_datetime_actual: null, fast_port_eligible: false },
      created_at: at,
      updated_at: at,
    };
    portingOrders.push(order);
    kit.send(res, 201, { data: [order] });
    return 201;
  }

  async function upload(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const body = await kit.readJson(req);
    if (typeof body.file !== 'string' || body.file === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.file))
      throw kit.fail(422, [unprocessable('/file', 'file must be the base64 of the document.')]);
    const bytes = Buffer.from(body.file, 'base64');
    if (bytes.length > MAX_DOCUMENT_BYTES) throw kit.fail(422, [unprocessable('/file', 'The document is larger than 20 MB.')]);
    const contentType = contentTypeOf(bytes);
    if (!contentType) throw kit.fail(422, [unprocessable('/file', 'This file type is not accepted.')]);
    const document: TelnyxDocument = {
      record_type: 'document',
      id: randomUUID(),
      filename: typeof body.filename === 'string' ? body.filename.replace(/\s+/g, '') : 'document',
      content_type: contentType,
      size: { unit: 'bytes', amount: bytes.length },
      sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'pending',
      customer_reference: typeof body.customer_reference === 'string' ? body.customer_reference : null,
      created_at: now(),
      bytes,
    };
    documents.push(document);
    const { bytes: _kept, ...answer } = document;
    kit.send(res, 200, { data: answer });
    return 200;
  }

  const copyStrings = <K extends string>(target: Record<K, string | null>, source: unknown) => {
    if (typeof source !== 'object' || source === null) return;
    for (const [key, value] of Object.entries(source))
      if (key in target && (typeof value === 'string' || value === null)) target[key as K] = value;
  };

  async function update(order: TelnyxPortingOrder, req: IncomingMessage, res: ServerResponse): Promise<number> {
    const body = await kit.readJson(req);
    if (!['draft', 'exception'].includes(order.status.value))
      throw kit.fail(422, [unprocessable('/status', `A porting order in ${order.status.value} cannot be changed.`)]);
    const docs = (body.documents ?? {}) as Record<string, unknown>;
    for (const kind of ['loa', 'invoice'] as const) {
      const id = docs[kind];
      if (id === undefined) continue;
      if (typeof id !== 'string' || !documents.some((d) => d.id === id))
        throw kit.fail(422, [unprocessable(`/documents/${kind}`, `No document has the id ${String(id)}.`)]);
      order.documents[kind] = id;
    }
    const endUser = (body.end_user ?? {}) as Record<string, unknown>;
    copyStrings(order.end_user.admin, endUser.admin);
    copyStrings(order.end_user.location, endUser.location);
    const connection = (body.phone_number_configuration as Record<string, unknown> | undefined)?.connection_id;
    if (connection !== undefined) {
      if (String(connection) !== kit.connectionId)
        throw kit.fail(422, [
          { ...unprocessable('/phone_number_configuration/connection_id', 'No connection has this id.'), code: '10017' },
        ]);
      order.phone_number_configuration.connection_id = kit.connectionId;
    }
    const requested = (body.activation_settings as Record<string, unknown> | undefined)?.foc_datetime_requested;
    if (typeof requested === 'string') order.activation_settings.foc_datetime_requested = requested;
    if (typeof body.customer_reference === 'string') order.customer_reference = body.customer_reference;
    order.updated_at = now();
    kit.send(res, 200, { data: order });
    return 200;
  }

  function confirm(order: TelnyxPortingOrder, res: ServerResponse): number {
    if (!['draft', 'exception'].includes(order.status.value))
      throw kit.fail(422, [unprocessable('/status', `A porting order in ${order.status.value} cannot be submitted.`)]);
    const required: [string, string | null][] = [
      ['documents/loa', order.documents.loa],
      ['documents/invoice', order.documents.invoice],
      ['end_user/admin/entity_name', order.end_user.admin.entity_name],
      ['end_user/admin/auth_person_name', order.end_user.admin.auth_person_name],
      ['end_user/location/street_address', order.end_user.location.street_address],
      ['end_user/location/locality', order.end_user.location.locality],
      ['end_user/location/postal_code', order.end_user.location.postal_code],
      ['end_user/location/country_code', order.end_user.location.country_code],
    ];
    const missing = required.filter(([, value]) => !value);
    if (missing.length > 0)
      throw kit.fail(
        422,
        missing.map(([field]) => ({ ...unprocessable(`/${field}`, `${field} is required to submit.`), code: '10004' })),
      );
    order.status = { value: 'in-process', details: [] };
    order.updated_at = now();
    kit.send(res, 200, { data: order });
    return 200;
  }

  function cancel(order: TelnyxPortingOrder, res: ServerResponse): number {
    if (['ported', 'cancelled', 'cancel-pending'].includes(order.status.value))
      throw kit.fail(422, [unprocessable('/status', `A porting order in ${order.status.value} cannot be cancelled.`)]);
    order.status = { value: 'cancelled', details: [] };
    order.updated_at = now();
    kit.send(res, 200, { data: order });
    return 200;
  }

  return {
    portingOrders,
    documents,
    /** Answers a porting or documents request, or null when the path is not one of them. */
    async handle(method: string, path: string, req: IncomingMessage, res: ServerResponse): Promise<number | null> {
      if (method === 'POST' && path === '/v2/porting_orders') return create(req, res);
      if (method === 'POST' && path === '/v2/documents') return upload(req, res);
      const match = /^\/v2\/porting_orders\/([^/]+)(\/actions\/(confirm|cancel))?$/.exec(path);
      if (!match) return null;
      const order = find(match[1]!);
      if (method === 'GET' && !match[2]) {
        kit.send(res, 200, { data: order });
        return 200;
      }
      if (method === 'PATCH' && !match[2]) return update(order, req, res);
      if (method === 'POST' && match[3] === 'confirm') return confirm(order, res);
      if (method === 'POST' && match[3] === 'cancel') return cancel(order, res);
      return null;
    },
    /**
     * What Telnyx and the losing carrier do with a submitted order: submit it on, confirm a date (`focDate`,
     * YYYY-MM-DD), port it (its numbers become the account's), or raise an exception (`details`).
     */
    advancePortingOrder(
      id: string,
      value: 'submitted' | 'foc-date-confirmed' | 'ported' | 'exception',
      options: { focDate?: string; details?: { code: string; description: string }[] } = {},
    ) {
      const order = portingOrders.find((o) => o.id === id);
      if (!order) throw new Error(`no porting order ${id}`);
      order.status = { value, details: value === 'exception' ? (options.details ?? []) : [] };
      if (options.focDate) order.activation_settings.foc_datetime_actual = `${options.focDate}T15:00:00Z`;
      if (value === 'ported') {
        for (const number of order.phone_numbers) number.activation_status = 'Active';
        kit.ported(order);
      }
      order.updated_at = now();
    },
  };
}
