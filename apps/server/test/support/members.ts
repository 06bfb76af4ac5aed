import { ZAddMemberResponse, type TAddMemberRequest } from '@faxline/shared';
import { expect, vi } from 'vitest';
import { callApi, linkIn, type TestApp } from './test-app';

/** The invitation e-mail's subject to a new address (en). */
export const INVITATION_SUBJECT = /invited you to their Faxline account/;

/**
 * The path and query of the link in the newest invitation e-mailed to the address, once the e-mail job delivered it
 * (vi.waitFor, unlike expect.poll, also waits in a beforeAll).
 */
export async function invitationLink(t: TestApp, email: string): Promise<string> {
  const text = await vi.waitFor(
    async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
      const { messages } = response.json() as { messages: Array<{ subject: string; text: string }> };
      const found = messages.find((m) => INVITATION_SUBJECT.test(m.subject));
      if (!found) throw new Error(`No invitation e-mailed to ${email} yet`);
      return found.text;
    },
    { timeout: 15_000, interval: 100 },
  );
  const link = linkIn(text);
  return `${link.pathname}${link.search}`;
}

/** Accepts an invitation as its addressee does: the link's page, then its button. */
export async function acceptInvitation(t: TestApp, link: string) {
  const asked = await t.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
  expect(asked.statusCode, asked.body).toBe(200);
  return t.app.inject({ method: 'POST', url: link, headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
}

/** A member added the way the members page adds one: invited by `cookie`'s person, then accepted from the e-mail. */
export async function addMember(t: TestApp, cookie: string, request: TAddMemberRequest) {
  const invited = await callApi(t.app, 'POST', '/api/account/members', { cookie, payload: request });
  expect(invited.statusCode, invited.body).toBe(202);
  const accepted = await acceptInvitation(t, await invitationLink(t, request.email));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return ZAddMemberResponse.parse(invited.json()).invitation;
}
