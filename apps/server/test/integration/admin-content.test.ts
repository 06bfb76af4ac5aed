import { ZContentItem, ZContentListResponse, ZFaqsResponse, type TContentInput, type TContentKind, type TLanguage } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { STARTING_FAQS, seedStartingFaqs } from '../../src/content/faq-seed';
import { contentItems } from '../../src/content/schema';
import { unique } from '@test-support/factories/values';
import { callApi, errorOf, openAdminTestApp, someClientAddress, type AdminTestApp } from '../support/test-app';

let t: AdminTestApp;
beforeAll(async () => {
  t = await openAdminTestApp();
  // As a new server does at start (the test template has no content).
  await seedStartingFaqs(t.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'en') =>
  callApi(t.app, method, url, { cookie: t.cookie, payload, language, remoteAddress: someClientAddress() });

async function publicFaqs(query = '', language = 'en') {
  const response = await t.app.inject({ method: 'GET', url: `/api/faqs${query}`, headers: { 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return ZFaqsResponse.parse(response.json());
}

const newItem = (kind: TContentKind, overrides: Partial<TContentInput> = {}): TContentInput => ({
  kind,
  language: 'en',
  title: unique('Title'),
  path: kind === 'page' ? `/${unique('page')}` : '',
  category: kind === 'page' ? '' : 'Billing',
  body: '## Heading\n\nSome **Markdown**.',
  ...overrides,
});

async function create(kind: TContentKind, overrides: Partial<TContentInput> = {}) {
  const response = await call('POST', '/api/admin/content', newItem(kind, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return ZContentItem.parse(response.json());
}

async function listOf(kind: TContentKind, language: TLanguage | 'all' = 'all') {
  const response = await call('GET', `/api/admin/content?kind=${kind}&language=${language}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZContentListResponse.parse(response.json()).items;
}

describe('the starting FAQs', () => {
  it('are the support page’s questions, published in the three languages, in its order; seeded once', async () => {
    for (const language of ['en', 'es', 'fr'] as const) {
      const { faqs, language: served } = await publicFaqs(`?language=${language}`);
      expect(served).toBe(language);
      expect(faqs.map((f) => f.question)).toEqual(STARTING_FAQS[language].map((f) => f.question));
    }
    const { faqs } = await publicFaqs('?language=en');
    expect(faqs[0]!.question).toBe('What do I need to send a fax?');
    expect(faqs.find((f) => f.question === 'Can I keep my current fax number?')!.answer).toContain(
      '[How number porting works](/porting-your-number)',
    );
    expect(await seedStartingFaqs(t.db)).toBe(false);
    expect(await listOf('faq', 'es')).toHaveLength(STARTING_FAQS.es.length);
  });
});

describe('POST /api/admin/content', () => {
  it('creates each kind as a Draft, with the fields of its kind', async () => {
    const page = await create('page', { path: '/legal/terms-2', category: 'ignored' });
    expect(page).toMatchObject({ kind: 'page', status: 'draft', path: '/legal/terms-2', category: '', publishedAt: null });
    const post = await create('blog_post', { path: '/ignored', category: ' Product news ', language: 'fr' });
    expect(post).toMatchObject({ kind: 'blog_post', status: 'draft', path: null, category: 'Product news', language: 'fr' });
    const faq = await create('faq', { title: '  Can I fax from my phone?  ', body: 'Yes, from the **portal**.\n' });
    expect(faq).toMatchObject({ kind: 'faq', status: 'draft', title: 'Can I fax from my phone?', body: 'Yes, from the **portal**.' });

    expect((await listOf('page')).map((i) => i.id)).toContain(page.id);
    expect((await listOf('blog_post', 'fr')).map((i) => i.id)).toContain(post.id);
    expect((await listOf('blog_post', 'en')).map((i) => i.id)).not.toContain(post.id);
    expect((await listOf('faq'))[0]!.id).toBe(faq.id); // the most recently modified first

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faq.id), eq(auditEvents.action, 'content.create')));
    expect(audited[0]).toMatchObject({ actorUserId: t.admin.id, objectType: 'content_faq' });
  });

  it('refuses missing and malformed fields with translated messages, in the words of each kind', async () => {
    const faq = await call('POST', '/api/admin/content', { kind: 'faq', language: 'es', title: ' ', body: '' }, 'es');
    expect(faq.statusCode).toBe(400);
    expect(errorOf(faq).issues?.map((i) => [i.path, i.message])).toEqual([
      ['body.title', 'Introduzca la pregunta.'],
      ['body.body', 'Escriba la respuesta.'],
    ]);

    const page = await call('POST', '/api/admin/content', { kind: 'page', language: 'en', title: '', path: 'About Us', body: 'x' }, 'fr');
    expect(page.statusCode).toBe(400);
    expect(errorOf(page).issues?.map((i) => i.message)).toEqual([
      'Veuillez saisir un titre.',
      'Un chemin commence par / et utilise des lettres minuscules, des chiffres et des tirets, comme /about-us.',
    ]);

    const language = await call('POST', '/api/admin/content', newItem('page', { language: 'de' as TLanguage }), 'fr');
    expect(language.statusCode).toBe(400);
    expect(errorOf(language).issues?.map((i) => i.message)).toEqual(['Choisissez l’anglais, l’espagnol ou le français.']);

    const tooLong = await call('POST', '/api/admin/content', newItem('blog_post', { category: 'x'.repeat(81) }));
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).issues?.map((i) => i.message)).toEqual(['This value is too long.']);
  });

  it('keeps one page per path and language', async () => {
    const path = `/${unique('pricing-faq')}`;
    await create('page', { path });
    await create('page', { path, language: 'es' });
    const again = await call('POST', '/api/admin/content', newItem('page', { path }), 'es');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Otra página en este idioma ya usa esta ruta.');
  });
});

describe('PUT /api/admin/content/:id', () => {
  it('edits an item and keeps its status', async () => {
    const faq = await create('faq');
    await call('POST', `/api/admin/content/${faq.id}/publish`);
    const response = await call(
      'PUT',
      `/api/admin/content/${faq.id}`,
      newItem('faq', { title: 'Edited question?', body: 'Edited answer.' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(ZContentItem.parse(response.json())).toMatchObject({ title: 'Edited question?', body: 'Edited answer.', status: 'published' });
    expect((await publicFaqs('?language=en')).faqs.map((f) => f.question)).toContain('Edited question?');

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faq.id), eq(auditEvents.action, 'content.update')));
    expect(audited[0]!.details).toMatchObject({ changes: { title: { from: faq.title, to: 'Edited question?' } } });
  });

  it('refuses to change the kind, and answers 404 for an unknown item', async () => {
    const faq = await create('faq');
    const kind = await call('PUT', `/api/admin/content/${faq.id}`, newItem('blog_post'));
    expect(kind.statusCode).toBe(400);
    expect(errorOf(kind).message).toBe('A content item cannot change its kind.');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await call('PUT', `/api/admin/content/${id}`, newItem('faq'), 'fr');
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe('Contenu introuvable.');
    }
  });
});

describe('publishing', () => {
  it('puts a draft FAQ on /api/faqs and takes it off again; drafts are never public', async () => {
    const faq = await create('faq', { title: 'Is there a draft?' });
    const questions = async () => (await publicFaqs('?language=en')).faqs.map((f) => f.question);
    expect(await questions()).not.toContain('Is there a draft?');

    const published = ZContentItem.parse((await call('POST', `/api/admin/content/${faq.id}/publish`)).json());
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    expect((await questions()).at(-1)).toBe('Is there a draft?'); // new FAQs go last

    const unpublished = ZContentItem.parse((await call('POST', `/api/admin/content/${faq.id}/unpublish`)).json());
    expect(unpublished).toMatchObject({ status: 'draft', publishedAt: null });
    expect(await questions()).not.toContain('Is there a draft?');
  });
});

describe('GET /api/faqs', () => {
  it('falls back to English when a language has no published FAQ, and for unknown languages', async () => {
    await t.db
      .update(contentItems)
      .set({ status: 'draft' })
      .where(and(eq(contentItems.kind, 'faq'), eq(contentItems.language, 'fr')));
    const french = await publicFaqs('?language=fr');
    expect(french.language).toBe('en');
    expect(french.faqs[0]!.question).toBe('What do I need to send a fax?');

    expect((await publicFaqs('?language=de')).language).toBe('en');
    // Without ?language=, the request's language.
    const spanish = await publicFaqs('', 'es-MX,es;q=0.9');
    expect(spanish.language).toBe('es');
    expect(spanish.faqs[0]!.question).toBe('¿Qué necesito para enviar un fax?');
  });
});

describe('DELETE /api/admin/content/:id', () => {
  it('deletes an item, published or not, and audits it', async () => {
    const faq = await create('faq', { title: 'Soon gone?' });
    await call('POST', `/api/admin/content/${faq.id}/publish`);
    const response = await call('DELETE', `/api/admin/content/${faq.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((await call('GET', `/api/admin/content/${faq.id}`)).statusCode).toBe(404);
    expect((await publicFaqs('?language=en')).faqs.map((f) => f.question)).not.toContain('Soon gone?');
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faq.id), eq(auditEvents.action, 'content.delete')));
    expect(audited).toHaveLength(1);
  });
});

describe('GET /api/admin/content', () => {
  it('needs a known kind', async () => {
    const response = await call('GET', '/api/admin/content?kind=video', undefined, 'es');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues?.[0]?.path).toBe('querystring.kind');
  });
});
