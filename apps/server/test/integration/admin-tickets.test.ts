import {
  ADMIN_TICKETS_PAGE_SIZE,
  ZAdminTicketDetail,
  ZAdminTicketListResponse,
  ZContactResponse,
  ZTicketAssigneesResponse,
  ZTicketMessage,
  ticketReference,
  type TAdminTicketListQuery,
} from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { openContactTicket } from '../../src/tickets/open-contact-ticket';
import { supportTickets } from '../../src/tickets/schema';
import { createUser } from '@test-support/factories/accounts';
import { unique, uniqueEmail } from '@test-support/factories/values';
import {
  TEST_ORIGIN,
  latestEmailTo,
  openTestApp,
  signIn,
  someClientAddress,
  adminSession,
  callApi,
  errorOf,
  type TestApp,
} from '../support/test-app';

let t: TestApp;
let cookie: string;
let admin: Awaited<ReturnType<typeof createUser>>;
let colleague: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await openTestApp();
  ({ person: admin, cookie } = await adminSession(t, { name: 'Grace Hopper' }));
  colleague = await createUser(t, { platformRole: 'admin', name: 'Alan Turing' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, language = 'en', as = cookie) =>
  callApi(t.app, method, url, { cookie: as, payload, language, remoteAddress: someClientAddress() });

/** A ticket as the contact form stores it, without going through the form's rate limit. */
async function ticket(
  overrides: { status?: 'open' | 'in_progress' | 'closed'; priority?: 'low' | 'medium' | 'high'; assignee?: string } = {},
) {
  const { id } = await openContactTicket(
    t.db,
    {
      name: 'Dr. Ana Ruiz',
      email: uniqueEmail('ana'),
      subject: unique('BAA question'),
      department: 'support',
      message: 'Do you sign a BAA?',
    },
    { language: 'en', userId: null },
  );
  if (overrides.status || overrides.priority || overrides.assignee)
    await t.db
      .update(supportTickets)
      .set({ status: overrides.status, priority: overrides.priority, assigneeUserId: overrides.assignee })
      .where(eq(supportTickets.id, id));
  return id;
}

async function list(query: TAdminTicketListQuery = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await call('GET', `/api/admin/tickets?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminTicketListResponse.parse(response.json());
}

async function detail(id: string) {
  const response = await call('GET', `/api/admin/tickets/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminTicketDetail.parse(response.json());
}

describe('POST /api/contact', () => {
  it('links the ticket to the person when they are signed in, and not when they are a visitor', async () => {
    const person = await createUser(t);
    const personCookie = await signIn(t.app, person.email);
    const message = { name: person.name, email: person.email, subject: 'Invoice', department: 'billing', message: 'Where is my invoice?' };
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      headers: { origin: TEST_ORIGIN, cookie: personCookie },
      remoteAddress: someClientAddress(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      headers: { origin: TEST_ORIGIN },
      remoteAddress: someClientAddress(),
    });
    expect(visitor.statusCode, visitor.body).toBe(201);

    expect((await detail(ZContactResponse.parse(signedIn.json()).ticketId)).requester).toEqual({
      name: person.name,
      email: person.email,
      userId: person.id,
    });
    expect((await detail(ZContactResponse.parse(visitor.json()).ticketId)).requester.userId).toBeNull();
  });
});

describe('GET /api/admin/tickets', () => {
  it('lists the tickets most recently updated first, with what the table shows', async () => {
    const older = await ticket({ priority: 'high', assignee: colleague.id });
    const newer = await ticket();
    const { tickets } = await list();
    expect(tickets.findIndex((x) => x.id === newer)).toBeLessThan(tickets.findIndex((x) => x.id === older));
    expect(tickets.find((x) => x.id === older)).toMatchObject({
      reference: ticketReference(older),
      status: 'open',
      priority: 'high',
      department: 'support',
      source: 'contact_form',
      requester: { name: 'Dr. Ana Ruiz' },
      assignee: { id: colleague.id, name: 'Alan Turing', email: colleague.email },
    });
    expect(tickets.find((x) => x.id === newer)!.assignee).toBeNull();
  });

  it('filters by status, priority and assignee (any, unassigned, a given admin), together', async () => {
    const closedHigh = await ticket({ status: 'closed', priority: 'high' });
    const progressLowMine = await ticket({ status: 'in_progress', priority: 'low', assignee: admin.id });
    const openMediumTheirs = await ticket({ assignee: colleague.id });

    const closed = (await list({ status: 'closed' })).tickets;
    expect(closed.every((x) => x.status === 'closed')).toBe(true);
    expect(closed.map((x) => x.id)).toContain(closedHigh);

    const high = (await list({ priority: 'high' })).tickets;
    expect(high.every((x) => x.priority === 'high')).toBe(true);
    expect(high.map((x) => x.id)).toContain(closedHigh);

    const mine = (await list({ assignee: admin.id })).tickets;
    expect(mine.map((x) => x.id)).toEqual([progressLowMine]);

    const unassigned = (await list({ assignee: 'unassigned' })).tickets;
    expect(unassigned.every((x) => x.assignee === null)).toBe(true);
    expect(unassigned.map((x) => x.id)).toContain(closedHigh);
    expect(unassigned.map((x) => x.id)).not.toContain(openMediumTheirs);

    expect((await list({ status: 'in_progress', priority: 'low', assignee: admin.id })).tickets.map((x) => x.id)).toEqual([
      progressLowMine,
    ]);
    expect((await list({ status: 'closed', priority: 'low', assignee: admin.id })).total).toBe(0);
  });

  it('pages the list', async () => {
    for (let i = 0; i < ADMIN_TICKETS_PAGE_SIZE + 1; i += 1) await ticket({ priority: 'low', status: 'closed' });
    const first = await list({ priority: 'low', status: 'closed' });
    const second = await list({ priority: 'low', status: 'closed', page: 2 });
    expect(first.tickets).toHaveLength(ADMIN_TICKETS_PAGE_SIZE);
    expect(first.total).toBe(ADMIN_TICKETS_PAGE_SIZE + 1);
    expect(second.tickets).toHaveLength(1);
    expect(first.tickets.map((x) => x.id)).not.toContain(second.tickets[0]!.id);
  });

  it('refuses an unknown filter value with a translated message', async () => {
    const response = await call('GET', '/api/admin/tickets?status=pending', undefined, 'fr');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).type).toBe('invalid_request');
    expect(errorOf(response).issues?.[0]?.path).toBe('querystring.status');
    expect(errorOf(response).message).toMatch(/status/);
    expect(errorOf(response).message).toMatch(/attendu|invalide/i);
  });
});

describe('GET /api/admin/tickets/assignees', () => {
  it('offers the platform admins only', async () => {
    const customer = await createUser(t);
    const response = await call('GET', '/api/admin/tickets/assignees');
    expect(response.statusCode).toBe(200);
    const ids = ZTicketAssigneesResponse.parse(response.json()).assignees.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, colleague.id]));
    expect(ids).not.toContain(customer.id);
  });
});

describe('GET /api/admin/tickets/:id', () => {
  it('gives the ticket with its thread, the opening message first', async () => {
    const id = await ticket();
    const view = await detail(id);
    expect(view.messages).toEqual([
      expect.objectContaining({ author: 'customer', authorName: 'Dr. Ana Ruiz', body: 'Do you sign a BAA?' }),
    ]);
  });

  it('answers 404 for an unknown ticket, whatever the id looks like', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-ticket']) {
      const response = await call('GET', `/api/admin/tickets/${id}`, undefined, 'es');
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe('No se ha encontrado el ticket de soporte.');
    }
  });
});

describe('POST /api/admin/tickets/:id/replies', () => {
  it('adds the reply to the thread, puts an Open ticket In Progress, e-mails it in the language written in, and audits it', async () => {
    const email = uniqueEmail('ana');
    const { id } = await openContactTicket(
      t.db,
      { name: 'Ana Ruiz', email, subject: 'Firma del BAA', department: 'sales', message: '¿Firman un BAA?' },
      { language: 'es', userId: null },
    );
    const response = await call('POST', `/api/admin/tickets/${id}/replies`, {
      body: '  Sí, lo firmamos antes del primer fax.\nSaludos.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const reply = ZTicketMessage.parse(response.json());
    expect(reply).toMatchObject({ author: 'admin', authorName: 'Grace Hopper', body: 'Sí, lo firmamos antes del primer fax.\nSaludos.' });

    const view = await detail(id);
    expect(view.status).toBe('in_progress');
    expect(view.messages.map((m) => [m.author, m.body])).toEqual([
      ['customer', '¿Firman un BAA?'],
      ['admin', 'Sí, lo firmamos antes del primer fax.\nSaludos.'],
    ]);
    expect(view.updatedAt).toBe(reply.createdAt);

    const mail = await latestEmailTo(t.app, email, /Firma del BAA/);
    expect(mail.subject).toBe(`Re: Firma del BAA [#${ticketReference(id)}]`);
    expect(mail.text).toContain('Hola, Ana Ruiz:');
    expect(mail.text).toContain('Nuestro equipo de soporte ha respondido a su mensaje «Firma del BAA»:');
    expect(mail.text).toContain('Sí, lo firmamos antes del primer fax.\nSaludos.');
    expect(mail.text).toContain(`referencia ${ticketReference(id)}`);
    // It leads to the conversation in the person's account, and asks for an answer by e-mail (the test gateway's port is on).
    expect(mail.text).toContain(`/user/support?ticket=${id}`);
    expect(mail.text).toContain('Responda a este correo');

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, id), eq(auditEvents.action, 'ticket.reply')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorUserId: admin.id,
      objectType: 'support_ticket',
      outcome: 'success',
      details: { messageId: reply.id, changes: { status: { from: 'open', to: 'in_progress' } } },
    });
  });

  it('writes to a signed-in person in the language of their profile, and leaves a Closed ticket closed', async () => {
    const person = await createUser(t, { language: 'fr', name: 'Marie Curie' });
    const { id } = await openContactTicket(
      t.db,
      { name: 'Marie Curie', email: person.email, subject: 'Facture', department: 'billing', message: 'Où est ma facture ?' },
      { language: 'en', userId: person.id },
    );
    await t.db.update(supportTickets).set({ status: 'closed' }).where(eq(supportTickets.id, id));
    const response = await call('POST', `/api/admin/tickets/${id}/replies`, { body: 'Elle est dans votre espace.' });
    expect(response.statusCode, response.body).toBe(201);
    expect((await detail(id)).status).toBe('closed');
    const mail = await latestEmailTo(t.app, person.email, /Facture/);
    expect(mail.subject).toBe(`Re : Facture [#${ticketReference(id)}]`);
    expect(mail.text).toContain('Bonjour Marie Curie,');
  });

  it('refuses an empty or missing reply with a translated message, storing nothing', async () => {
    const id = await ticket();
    for (const payload of [{ body: '   ' }, {}]) {
      const response = await call('POST', `/api/admin/tickets/${id}/replies`, payload, 'es');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).issues?.map((i) => i.message)).toEqual(['Escriba una respuesta.']);
    }
    const tooLong = await call('POST', `/api/admin/tickets/${id}/replies`, { body: 'x'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).issues?.[0]?.message).toBe('A reply can have at most 10000 characters.');
    expect((await detail(id)).messages).toHaveLength(1);
  });

  it('answers 404 for an unknown ticket', async () => {
    const response = await call('POST', '/api/admin/tickets/00000000-0000-4000-8000-000000000000/replies', { body: 'Hello' });
    expect(response.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/tickets/:id', () => {
  it('changes status, priority and assignee, counts as an update, and audits what changed', async () => {
    const id = await ticket();
    const before = await detail(id);
    const response = await call('PATCH', `/api/admin/tickets/${id}`, { status: 'closed', priority: 'high', assigneeId: colleague.id });
    expect(response.statusCode, response.body).toBe(200);
    const after = ZAdminTicketDetail.parse(response.json());
    expect(after).toMatchObject({ status: 'closed', priority: 'high', assignee: { id: colleague.id } });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());

    const unassigned = ZAdminTicketDetail.parse((await call('PATCH', `/api/admin/tickets/${id}`, { assigneeId: null })).json());
    expect(unassigned).toMatchObject({ status: 'closed', priority: 'high', assignee: null });

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, id), eq(auditEvents.action, 'ticket.update')))
      .orderBy(auditEvents.id);
    expect(audited.map((a) => a.details)).toEqual([
      {
        changes: {
          status: { from: 'open', to: 'closed' },
          priority: { from: 'medium', to: 'high' },
          assigneeId: { from: null, to: colleague.id },
        },
      },
      { changes: { assigneeId: { from: colleague.id, to: null } } },
    ]);
  });

  it('assigns tickets to platform admins only', async () => {
    const id = await ticket();
    const customer = await createUser(t);
    for (const assigneeId of [customer.id, 'nobody']) {
      const response = await call('PATCH', `/api/admin/tickets/${id}`, { assigneeId }, 'fr');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe('Les tickets ne peuvent être attribués qu’aux administrateurs de la plateforme.');
    }
    expect((await detail(id)).assignee).toBeNull();
  });

  it('refuses a request that changes nothing or names an unknown status, with translated messages', async () => {
    const id = await ticket();
    const empty = await call('PATCH', `/api/admin/tickets/${id}`, {}, 'es');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).issues?.map((i) => i.message)).toEqual(['Elija un estado, una prioridad o un responsable que cambiar.']);
    const unknown = await call('PATCH', `/api/admin/tickets/${id}`, { status: 'pending', priority: 'urgent' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).issues?.map((i) => i.message)).toEqual([
      'The status must be Open, In Progress or Closed.',
      'The priority must be Low, Medium or High.',
    ]);
  });
});
