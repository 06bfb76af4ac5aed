import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import {
  ZAdminReview,
  ZAdminReviewsPage,
  ZBlogListResponse,
  ZContentItem,
  ZMyReview,
  ZPublicContent,
  ZReviewsPage,
  type TContentInput,
} from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/platform/clock';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { unique } from '@test-support/factories/values';
import { callApi, errorOf, openAdminTestApp, signIn, someClientAddress, type AdminTestApp } from '../support/test-app';

// A built web app of one file, so that the server sends index.html for the site's pages as in production.
const webDir = mkdtempSync(path.join(tmpdir(), 'faxline-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta name="description" content="The general description." />\n    <title>Faxline</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

let t: AdminTestApp;
beforeAll(async () => {
  t = await openAdminTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  setClock();
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, options: { cookie?: string; payload?: object; language?: string } = {}) =>
  callApi(t.app, method, url, { remoteAddress: someClientAddress(), ...options });
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(method, url, { cookie: t.cookie, payload });

async function ok<T>(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  schema: { parse: (value: unknown) => T },
  status = 200,
) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return schema.parse(answer.json());
}

describe('reviews', () => {
  it('one per account, by its writer only; hidden until approved; answered; the average and count of the approved', async () => {
    const account = await createAccount(t, { owner: { name: 'Grace Hopper' }, members: [{ role: 'user', name: 'Alan Turing' }] });
    const owner = await signIn(t.app, account.owner.email);
    const member = await signIn(t.app, account.members[0]!.email);

    // Signed out: nobody to attribute it to.
    expect((await call('PUT', '/api/reviews/mine', { payload: { text: 'Great', rating: 5 } })).statusCode).toBe(401);
    // The shared checks, translated.
    const bad = await call('PUT', '/api/reviews/mine', { cookie: owner, payload: { text: ' ', rating: 6 }, language: 'es' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(bad))).toContain('Escriba su reseña.');

    const text = unique('Faxing from the browser saved our clinic hours');
    const written = await ok(call('PUT', '/api/reviews/mine', { cookie: owner, payload: { text, company: 'Navy', rating: 4 } }), ZMyReview);
    expect(written).toMatchObject({ canWrite: true, review: { status: 'pending', writtenByMe: true, authorName: 'Grace Hopper' } });

    // The other member sees the account's review, and cannot write another nor change it.
    expect(await ok(call('GET', '/api/reviews/mine', { cookie: member }), ZMyReview)).toMatchObject({
      canWrite: false,
      review: { writtenByMe: false, authorName: 'Grace Hopper' },
    });
    const second = await call('PUT', '/api/reviews/mine', { cookie: member, payload: { text: 'Mine instead', rating: 1 } });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('errors.reviewByAnotherMember');

    const shown = async () => (await ok(call('GET', '/api/reviews'), ZReviewsPage)).reviews.find((review) => review.text === text);
    expect(await shown()).toBeUndefined();

    // Moderation is the back office's: a customer (even the writer) is refused on the server.
    const id = written.review!.id;
    for (const cookie of [owner, member])
      expect([401, 403]).toContain((await call('POST', `/api/admin/reviews/${id}/approve`, { cookie })).statusCode);
    expect([401, 403]).toContain((await call('GET', '/api/admin/reviews', { cookie: owner })).statusCode);

    const waiting = await ok(asAdmin('GET', '/api/admin/reviews?status=pending'), ZAdminReviewsPage);
    expect(waiting.reviews.find((review) => review.id === id)).toMatchObject({ email: account.owner.email, status: 'pending' });
    await ok(asAdmin('POST', `/api/admin/reviews/${id}/approve`), ZAdminReview);
    await ok(asAdmin('PUT', `/api/admin/reviews/${id}/reply`, { reply: 'Thank you, Grace!' }), ZAdminReview);
    expect(await shown()).toMatchObject({ name: 'Grace Hopper', company: 'Navy', rating: 4, reply: { text: 'Thank you, Grace!' } });

    // A second account's approved review moves the figures; a page holds at most its size.
    const other = await createUser(t, { name: 'Katherine Johnson' });
    const otherCookie = await signIn(t.app, other.email);
    const otherReview = await ok(
      call('PUT', '/api/reviews/mine', { cookie: otherCookie, payload: { text: unique('Reliable'), rating: 5 } }),
      ZMyReview,
    );
    await ok(asAdmin('POST', `/api/admin/reviews/${otherReview.review!.id}/approve`), ZAdminReview);
    const page = await ok(call('GET', '/api/reviews?page=1'), ZReviewsPage);
    expect(page).toMatchObject({ total: 2, average: 4.5, page: 1 });
    expect(page.reviews.length).toBeLessThanOrEqual(page.pageSize);

    // An edit by its writer sends it back for approval; hiding takes it off.
    await ok(call('PUT', '/api/reviews/mine', { cookie: owner, payload: { text: `${text}, and more`, rating: 5 } }), ZMyReview);
    expect((await ok(call('GET', '/api/reviews'), ZReviewsPage)).total).toBe(1);
    await ok(asAdmin('POST', `/api/admin/reviews/${otherReview.review!.id}/hide`), ZAdminReview);
    expect(await ok(call('GET', '/api/reviews'), ZReviewsPage)).toMatchObject({ total: 0, average: null, reviews: [] });
    expect((await asAdmin('POST', '/api/admin/reviews/not-a-review/approve')).statusCode).toBe(404);
  });
});

describe('pages and the blog', () => {
  const post = (overrides: Partial<TContentInput>): TContentInput => ({
    kind: 'blog_post',
    language: 'en',
    title: 'Faxing from a phone',
    slug: 'faxing-from-a-phone',
    description: 'Send a fax from your phone in a minute.',
    body: 'Open the portal.\n\n<script>alert(1)</script><img src=x onerror="alert(2)">\n\n[bad](javascript:alert(3))',
    ...overrides,
  });
  const create = (input: TContentInput) => ok(asAdmin('POST', '/api/admin/content', input), ZContentItem, 201);
  const publish = (id: string, at?: Date) =>
    ok(asAdmin('POST', `/api/admin/content/${id}/publish${at ? `?at=${encodeURIComponent(at.toISOString())}` : ''}`), ZContentItem);
  const blog = async (language: string) => (await ok(call('GET', `/api/blog?language=${language}`), ZBlogListResponse)).posts;

  it('shows a post in the reader’s language or English, only once published and its time has come; sitemap, RSS and the served head follow', async () => {
    const english = await create(post({}));
    // A translation waits for its English: publishing a Spanish post with none is refused.
    const lonely = await create(post({ language: 'es', slug: 'solo-en-espanol', title: 'Solo' }));
    const refused = await asAdmin('POST', `/api/admin/content/${lonely.id}/publish`);
    expect(refused.statusCode, refused.body).toBe(409);
    const spanish = await create(post({ language: 'es', title: 'Enviar un fax desde el móvil', description: 'En un minuto.' }));
    // A second English post with the same slug is a conflict, not a server error.
    expect((await asAdmin('POST', '/api/admin/content', post({ title: 'Again' }))).statusCode).toBe(409);

    // Drafts are nowhere.
    expect(await blog('en')).toEqual([]);
    expect((await call('GET', '/api/blog/faxing-from-a-phone')).statusCode).toBe(404);

    await publish(english.id);
    await publish(spanish.id);
    expect((await blog('es')).map((p) => [p.title, p.language])).toEqual([['Enviar un fax desde el móvil', 'es']]);
    expect((await blog('fr')).map((p) => [p.title, p.language])).toEqual([['Faxing from a phone', 'en']]);
    const read = await ok(call('GET', '/api/blog/faxing-from-a-phone?language=es'), ZPublicContent);
    expect(read).toMatchObject({ language: 'es', description: 'En un minuto.' });

    // A post scheduled an hour ahead stays off the site, the sitemap and the feed until then, by the server's clock.
    const scheduled = await create(post({ title: 'Coming soon', slug: 'coming-soon', description: '' }));
    const at = new Date(Date.now() + 60 * 60_000);
    expect((await publish(scheduled.id, at)).publishedAt).toBe(at.toISOString());
    const page = await create({ kind: 'page', language: 'en', title: 'Our story', path: '/our-story', body: 'Since **2020**.' });
    await publish(page.id);
    expect((await asAdmin('POST', '/api/admin/content', { ...post({}), kind: 'page', path: '/pricing' })).statusCode).toBe(400);

    const feeds = async () => {
      const sitemap = await call('GET', '/sitemap.xml');
      const rss = await call('GET', '/blog/rss.xml?language=es');
      expect(sitemap.headers['content-type']).toMatch(/xml/);
      expect(rss.headers['content-type']).toMatch(/rss\+xml/);
      const problems: string[] = [];
      const parser = new DOMParser({
        errorHandler: { warning: () => undefined, error: (m) => problems.push(m), fatalError: (m) => problems.push(m) },
      });
      const sitemapDoc = parser.parseFromString(sitemap.body, 'text/xml');
      const rssDoc = parser.parseFromString(rss.body, 'text/xml');
      expect(problems).toEqual([]);
      const locs = Array.from(sitemapDoc.getElementsByTagName('loc')).map((loc) => loc.textContent);
      const titles = Array.from(rssDoc.getElementsByTagName('item')).map((item) => item.getElementsByTagName('title')[0]?.textContent);
      return { locs, titles };
    };
    const before = await feeds();
    expect(before.locs).toEqual(
      // The public delivery record (decision 122) is one of the site's own pages.
      expect.arrayContaining([
        `${t.config.publicUrl}/blog/faxing-from-a-phone`,
        `${t.config.publicUrl}/our-story`,
        `${t.config.publicUrl}/status`,
      ]),
    );
    expect(before.locs).not.toContain(`${t.config.publicUrl}/blog/coming-soon`);
    expect(before.locs).not.toContain(`${t.config.publicUrl}/blog/solo-en-espanol`);
    expect(before.titles).toEqual(['Enviar un fax desde el móvil']);
    expect((await blog('en')).map((p) => p.slug)).toEqual(['faxing-from-a-phone']);

    // The served HTML carries the post's head for crawlers, escaped, in the reader's language.
    const html = await call('GET', '/blog/faxing-from-a-phone', { language: 'es' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<title>Enviar un fax desde el móvil | Faxline</title>');
    expect(html.body).toContain('<meta name="description" content="En un minuto." />');
    expect(html.body).toContain('<meta property="og:title" content="Enviar un fax desde el móvil" />');
    expect(html.body).toContain('<meta property="og:type" content="article" />');
    expect(html.body).toContain(`<meta property="og:url" content="${t.config.publicUrl}/blog/faxing-from-a-phone" />`);
    expect(html.body).toContain('<meta name="twitter:card" content="summary" />');
    expect(html.body).toContain('<html lang="es"');
    expect(html.body).not.toContain('The general description.');
    const pageHtml = await call('GET', '/our-story');
    expect(pageHtml.body).toContain('<meta property="og:title" content="Our story" />');
    expect(pageHtml.body).toContain('<meta name="description" content="Since 2020." />');
    // Not held by the server (a draft, scheduled, or unknown): index.html as built.
    for (const address of ['/blog/coming-soon', '/pricing', '/no-such-page'])
      expect((await call('GET', address)).body).toContain('<title>Faxline</title>');

    // Two hours on, the scheduled post is on the blog, the sitemap and the feed, newest first.
    setClock({ now: () => new Date(Date.now() + 2 * 60 * 60_000) });
    try {
      expect((await blog('en')).map((p) => p.slug)).toEqual(['coming-soon', 'faxing-from-a-phone']);
      const after = await feeds();
      expect(after.locs).toContain(`${t.config.publicUrl}/blog/coming-soon`);
      expect(after.titles).toEqual(['Coming soon', 'Enviar un fax desde el móvil']);
      const soon = (await call('GET', '/blog/coming-soon')).body;
      expect(soon).toContain('<meta property="og:description" content="Open the portal. bad" />');
    } finally {
      setClock();
    }
  });
});
