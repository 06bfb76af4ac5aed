import { createServer } from 'node:net';
import { expect } from 'vitest';
import { openTestApp, type TestApp } from './test-app';

/** A free port, known before the app is built: its public address (the OAuth issuer, the resources) names it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A test app listening on its public address, as an OAuth client meets it: the authorization server's redirects and
 * its issuer are real addresses.
 */
export async function openListeningTestApp(env: Record<string, string> = {}): Promise<{ t: TestApp; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await openTestApp({ env: { PUBLIC_URL: origin, ...env } });
  await t.app.listen({ host: '127.0.0.1', port });
  return { t, origin };
}

/** A browser's cookie jar, just enough for the authorization server's own cookies. */
const cookieJar = () => {
  const cookies = new Map<string, string>();
  return {
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!.trim(), value.join('='));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
};

/**
 * A person's browser at an app's authorization address: the authorization server sends it to the portal's consent
 * page, whose answer (given here through its API with the person's session; the browser test gives it by hand) sends
 * it back through the authorization server to the app's redirect address, returned with its code or error. What the
 * consent page showed is returned beside it.
 */
export async function consentAsPerson(
  t: TestApp,
  authorizationUrl: URL,
  personCookie: string,
  approve = true,
): Promise<{ redirect: URL; asked: { clientName: string; scopes: string[] } }> {
  const origin = new URL(t.config.publicUrl).origin;
  const jar = cookieJar();
  const toConsent = await fetch(authorizationUrl, { redirect: 'manual' });
  jar.take(toConsent);
  const consentPage = new URL(toConsent.headers.get('location')!, origin);
  const uid = consentPage.pathname.split('/').pop()!;
  expect(consentPage.pathname).toBe(`/user/connect/${uid}`);

  const asked = await t.app.inject({ method: 'GET', url: `/api/oauth/consents/${uid}`, headers: { cookie: personCookie } });
  expect(asked.statusCode, asked.body).toBe(200);
  const decided = await t.app.inject({
    method: 'POST',
    url: `/api/oauth/consents/${uid}`,
    headers: { cookie: personCookie, origin },
    payload: { approve },
  });
  expect(decided.statusCode, decided.body).toBe(200);

  let next = new URL(decided.json().redirectTo, origin);
  // The authorization server's own redirects, followed as a browser does, until it sends the browser back to the app.
  while (next.origin === origin) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    next = new URL(response.headers.get('location')!, origin);
  }
  return { redirect: next, asked: asked.json() };
}
