// A bench's customer of a running Faxline server: an account made through the API (sign-up, as a person would), its
// rows looked up in the server's database, and the send form as the web app posts it.
import { randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { API_KEY_SCOPES, ZCreateApiKeyResponse, type TCreateApiKeyRequest } from '@faxline/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { onCleanup } from './processes';
import { cookieFrom, send, type Reply } from './http';

export const PASSWORD = 'Bench-heron-2029!';

/**
 * Recipients on the sandbox line: +1 202 555 numbers that are neither Faxline's nor the sandbox's test numbers, a
 * different one for each fax, as a broadcast to many clinics would be. One number for all would measure the limit of
 * one call at a time to a number (DESTINATION_CALL_LIMIT), not the lines.
 */
export const sandboxRecipient = (index: number) => `+1202555${String(1000 + (index % 9000)).padStart(4, '0')}`;

/** The final states of a sent fax (DESIGN.md "Faxes"). */
export const FINAL_STATUSES = ['delivered', 'partially_delivered', 'failed', 'canceled'];
export const IN_FLIGHT_STATUSES = ['queued', 'scheduled', 'converting', 'sending'];

export type Customer = { email: string; cookie: string; userId: string; accountId: string; number: string | null };

/** A pool on the server's own database, closed at the end of the bench. */
export function openDatabase(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection closed by the server as it stops is expected at the end; it must not end the bench before its cleanup.
  pool.on('error', () => undefined);
  // A query still running (a bulk seed cut short by Ctrl-C) must not hold up the stop: the server's PostgreSQL ends it.
  onCleanup('the database connections', () => Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, 2_000))]));
  return pool;
}

/** Signs up through the API (e-mail confirmation is off for the bench) and finds the new account's rows. */
export async function signUp(baseUrl: string, db: pg.Pool, name: string): Promise<Customer> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const body = (value: object) => Buffer.from(JSON.stringify(value));
  let reply = await send(`${baseUrl}/api/auth/sign-up`, { method: 'POST', headers, body: body({ name, email, password: PASSWORD }) });
  if (reply.status !== 200) throw new Error(`sign-up answered ${reply.status}: ${reply.body}`);
  let cookie = cookieFrom(reply.headers);
  if (!cookie) {
    reply = await send(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers, body: body({ identifier: email, password: PASSWORD }) });
    if (reply.status !== 200) throw new Error(`sign-in answered ${reply.status}: ${reply.body}`);
    cookie = cookieFrom(reply.headers);
  }
  const { rows } = await db.query<{ user_id: string; account_id: string; number: string | null }>(
    `SELECT u.id AS user_id, m.account_id,
       (SELECT phone_number FROM fax_numbers n WHERE n.account_id = m.account_id ORDER BY assigned_at LIMIT 1) AS number
     FROM users u JOIN account_members m ON m.user_id = u.id WHERE u.email = $1`,
    [email],
  );
  const row = rows[0];
  if (!row) throw new Error(`No account was made for ${email}`);
  // Confirmed, as the e-mailed link would (only a confirmed address may send faxes).
  await db.query('UPDATE users SET email_verified = true WHERE id = $1', [row.user_id]);
  return { email, cookie, userId: row.user_id, accountId: row.account_id, number: row.number };
}

/**
 * Puts the account on a plan without a page limit (the catalogue's priced-on-request plan), so that hundreds of bench
 * faxes stay within the month's quota, and makes it an established account (created a year ago), past the daily limit
 * of new accounts. Only this account changes; the catalogue stays as it is.
 */
export async function withoutPageLimit(db: pg.Pool, accountId: string): Promise<string> {
  await db.query("UPDATE accounts SET created_at = now() - interval '1 year' WHERE id = $1", [accountId]);
  const { rows } = await db.query<{ name: string }>(
    `UPDATE accounts SET plan_id = p.id
     FROM (SELECT id, name FROM plans WHERE pages_per_month IS NULL ORDER BY archived_at NULLS FIRST, sort_order LIMIT 1) p
     WHERE accounts.id = $1 RETURNING p.name`,
    [accountId],
  );
  if (rows[0]) return rows[0].name;
  await db.query('UPDATE plans SET pages_per_month = 100000000 WHERE id = (SELECT plan_id FROM accounts WHERE id = $1)', [accountId]);
  return 'its own plan, raised to 100,000,000 pages';
}

/**
 * Moves the account to a copy of its plan (archived, so that no one is offered it) whose API keys may make
 * `perMinute` requests a minute: a bench's one client stands for many programs. The catalogue stays as it is.
 */
export async function withApiRequestsPerMinute(db: pg.Pool, accountId: string, perMinute: number): Promise<string> {
  // Copied as a whole record, so that columns added to plans later come along.
  const { rows } = await db.query<{ id: string; name: string }>(
    `INSERT INTO plans
     SELECT (jsonb_populate_record(NULL::plans, to_jsonb(p) || jsonb_build_object('id', gen_random_uuid()::text,
       'slug', p.slug || '-bench-' || substr(md5(random()::text), 1, 8), 'name', p.name || ' (bench)',
       'api_requests_per_minute', $2::int, 'is_popular', false, 'archived_at', now(), 'created_at', now(), 'updated_at', now()))).*
     FROM plans p
     WHERE p.id = coalesce((SELECT plan_id FROM accounts WHERE id = $1), (SELECT id FROM plans ORDER BY archived_at NULLS FIRST, sort_order LIMIT 1))
     RETURNING id, name`,
    [accountId, perMinute],
  );
  const plan = rows[0];
  if (!plan) throw new Error(`No plan to copy for account ${accountId}`);
  await db.query('UPDATE accounts SET plan_id = $2 WHERE id = $1', [accountId, plan.id]);
  return plan.name;
}

/** An API key with every scope, made with the customer's session as a person makes one; its secret (`fl_live_…`). */
export async function createApiKey(baseUrl: string, customer: Customer, name = 'Bench integration'): Promise<string> {
  const reply = await send(`${baseUrl}/api/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: customer.cookie, origin: baseUrl },
    body: Buffer.from(JSON.stringify({ name, scopes: [...API_KEY_SCOPES] } satisfies TCreateApiKeyRequest)),
  });
  if (reply.status !== 201) throw new Error(`POST /api/api-keys answered ${reply.status}: ${reply.body}`);
  return ZCreateApiKeyResponse.parse(JSON.parse(reply.body)).secret;
}

/** A one-page letter. */
export function onePagePdf(): Promise<Buffer> {
  return letterPdf(1);
}

/** A referral letter of `pages` pages of text. */
export async function letterPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(number === 1 ? 'Referral letter' : `Referral letter, page ${number}`, { x: 60, y: 770, size: 20, font });
    for (let line = 0; line < 30; line += 1)
      page.drawText(`${line + 1}. Please see the patient on Monday; results attached as discussed (${1000 + line}).`, {
        x: 60,
        y: 730 - line * 18,
        size: 11,
        font,
      });
  }
  return Buffer.from(await pdf.save());
}

export type SendForm = { headers: Record<string, string>; body: Buffer };

/**
 * POST /api/faxes as the web app sends it: multipart with a `request.json` part and `attachment_N` files, the page's
 * Origin, and a new Idempotency-Key per submission (the same key again for a retry). `tag` goes in the recipient name,
 * so that the fax a request made can be found whatever the request answered.
 */
export async function sendForm(
  baseUrl: string,
  customer: Customer,
  fax: { to: string; tag: string; pdf: Buffer; idempotencyKey?: string },
): Promise<SendForm> {
  const form = new FormData();
  form.append('request.json', JSON.stringify({ recipientNumber: fax.to, faxQuality: 'fine', recipientName: fax.tag }));
  form.append('attachment_0', new Blob([new Uint8Array(fax.pdf)], { type: 'application/pdf' }), 'letter.pdf');
  const encoded = new Response(form);
  return {
    headers: {
      cookie: customer.cookie,
      origin: baseUrl,
      'content-type': encoded.headers.get('content-type')!,
      'idempotency-key': fax.idempotencyKey ?? randomUUID(),
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

export function postForm(
  baseUrl: string,
  form: SendForm,
  options: { agent?: http.Agent; dueAt?: number; timeoutMs?: number } = {},
): Promise<Reply> {
  return send(`${baseUrl}/api/faxes`, { method: 'POST', headers: form.headers, body: form.body, ...options });
}

/** The faxes of an account whose recipient name starts with a tag prefix: tag -> status. */
export async function faxesTagged(db: pg.Pool, accountId: string, prefix: string): Promise<Map<string, { id: string; status: string }>> {
  const { rows } = await db.query<{ id: string; recipient_name: string; status: string }>(
    `SELECT id, recipient_name, status FROM faxes WHERE account_id = $1 AND recipient_name LIKE $2`,
    [accountId, `${prefix}%`],
  );
  return new Map(rows.map((r) => [r.recipient_name, { id: r.id, status: r.status }]));
}

/** How many faxes, of any account, are still on their way. */
export async function faxesInFlight(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM faxes WHERE status = ANY($1)`, [IN_FLIGHT_STATUSES]);
  return rows[0]!.n;
}
