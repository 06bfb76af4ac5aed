import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { acceptInvitation, addMember, onPlan, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { sameOrigin, toast, useBrowser, visible } from './support/fixtures';

const { context } = useBrowser();

const uniqueUsername = (prefix: string) => `${prefix}.${randomBytes(3).toString('hex')}`;

/** The owner's fax, sent through the API: a cover page only, to a number of the sandbox line. */
async function sendCoverFax(owner: BrowserContext): Promise<string> {
  const response = await owner.request.post('/api/faxes', {
    headers: sameOrigin(),
    multipart: {
      'request.json': JSON.stringify({ recipientNumber: '+15550100099', faxQuality: 'standard', coverPageMessage: 'Owner only' }),
    },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { faxId: string }).faxId;
}

/** A sub-user added by the owner through the API (the form has its own test), and a context signed in as them. */
async function addMemberThroughApi(owner: BrowserContext, role: 'User' | 'Admin' | 'Billing', name: string) {
  const username = uniqueUsername(role.toLowerCase());
  await addMember(owner, { name, username, email: uniqueEmail(role.toLowerCase()), role });
  const member = await context();
  const signIn = await member.request.post('/api/auth/sign-in', {
    headers: sameOrigin(),
    data: { identifier: username, password: PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { context: member, username };
}

async function fillMemberForm(page: Page, values: { name: string; username: string; email: string; password: string; confirm: string }) {
  await page.getByLabel('Contact Name').fill(values.name);
  await page.getByLabel('Username', { exact: true }).fill(values.username);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm Password').fill(values.confirm);
}

const memberRow = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Users of Your Account' }).getByRole('listitem').filter({ hasText: text });

describe('User Administration - Add New User (spec 001 §2.8, §5, §6)', () => {
  let owner: BrowserContext;
  let ownerPage: Page;
  let ownerFax: string;
  let member: BrowserContext;
  let memberPage: Page;
  const username = uniqueUsername('grace');
  const email = uniqueEmail('grace');

  it("the owner adds a User through the form, with the spec's checks and toasts; the form is cleared", async () => {
    // signedInPerson waits with expect.poll, which only runs inside a test: the owner is made here, not in beforeAll.
    owner = await context();
    await signedInPerson(owner, 'Olive Owner');
    await onPlan(owner, 'business');
    ownerFax = await sendCoverFax(owner);
    ownerPage = await owner.newPage();
    const page = ownerPage;
    await page.goto('/user/add-user');
    await visible(page.getByRole('heading', { name: 'User Administration - Add New User', level: 1 }));
    await visible(page.getByText('Additional users sign in only with their username and password.'));
    await visible(page.getByText("Their usage is billed to the account owner's account."));

    await page.getByRole('button', { name: 'Add User' }).click();
    await visible(toast(page, 'Missing Information'));

    await fillMemberForm(page, { name: 'Grace Hopper', username, email, password: PASSWORD, confirm: 'Another-pass-99' });
    await page.getByRole('button', { name: 'Add User' }).click();
    await visible(toast(page, 'Password Mismatch'));
    await visible(page.getByText('The passwords do not match.', { exact: true }));
    expect(await page.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Password', { exact: true }).fill('abc12');
    await page.getByLabel('Confirm Password').fill('abc12');
    await page.getByRole('button', { name: 'Add User' }).click();
    await visible(toast(page, 'Password Too Short'));

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('User');
    await page.getByRole('button', { name: 'Add User' }).click();
    await visible(toast(page, 'Invitation Sent'));
    await visible(page.getByText(`Grace Hopper (${email}) joins the account once they accept the invitation e-mailed to that address.`));
    for (const label of ['Contact Name', 'Username', 'Email', 'Confirm Password'])
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    // Waiting for Grace, until she accepts from the e-mail; then one of the users.
    await visible(page.getByRole('list', { name: 'Invitations Waiting' }).getByText(email));
    await acceptInvitation(owner.request, email);
    await page.reload();

    const row = memberRow(page, username);
    await visible(row.getByText('User', { exact: true }));
    await visible(row.getByText('Off', { exact: true }));
    // The owner's own row has no actions: the owner cannot be changed or removed.
    const ownerRow = memberRow(page, 'Olive Owner');
    await visible(ownerRow.getByText('Account Owner'));
    expect(await ownerRow.getByRole('button').count()).toBe(0);

    // A username already taken: the server's translated message, in the spec's failure toast.
    await fillMemberForm(page, { name: 'Grace Again', username, email: uniqueEmail(), password: PASSWORD, confirm: PASSWORD });
    await page.getByRole('button', { name: 'Add User' }).click();
    await visible(toast(page, 'Failed to Add User'));
    await visible(page.getByText('This username is already taken. Please choose another.'));
  });

  it('the User signs in with the username and password, opens the fax pages, and sees none of the owner’s faxes', async () => {
    member = await context();
    memberPage = await member.newPage();
    const page = memberPage;
    await page.goto('/sign-in');
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(toast(page, 'Sign In Successful'));

    await page.goto('/user/send-fax');
    await visible(page.getByRole('heading', { name: 'Send a Fax', level: 1 }));
    await page.goto('/user/fax-history');
    await visible(page.getByRole('tab', { name: 'Sent Faxes (0)' }));
    await visible(page.getByText('No sent faxes found.'));
    const listed = await member.request.get('/api/faxes?direction=outbound');
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { faxes: Array<{ id: string }> }).faxes.map((fax) => fax.id)).not.toContain(ownerFax);

    // Managing users is for the owner and sub-admins: an explanation instead of the form.
    await page.goto('/user/add-user');
    await visible(page.getByRole('heading', { name: 'Only the account owner and sub-admins manage users' }));
    expect(await page.getByLabel('Contact Name').count()).toBe(0);
    await expectNoAccessibilityViolations(page);
  });

  it('the owner makes them a Billing Contact: the fax history is refused with a clear message', async () => {
    const page = ownerPage;
    await page.goto('/user/add-user');
    await memberRow(page, username).getByRole('button', { name: 'Change role of Grace Hopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of Grace Hopper' });
    await visible(dialog);
    await expectNoAccessibilityViolations(page);
    await dialog.getByLabel('Role', { exact: true }).selectOption('Billing');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Role Updated'));
    await visible(memberRow(page, username).getByText('Billing Contact', { exact: true }));
    // Focus returns to the button that opened the dialog.
    await expect
      .poll(() =>
        memberRow(page, username)
          .getByRole('button', { name: 'Change role of Grace Hopper' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);

    await memberPage.goto('/user/fax-history');
    await visible(memberPage.getByText('Could not load faxes.'));
    await visible(memberPage.getByText('You do not have permission to do this.'));
    expect(await memberPage.getByRole('table').count()).toBe(0);
    expect((await member.request.get('/api/faxes')).status()).toBe(403);
  });

  it('the owner removes them after confirming: they are signed out and can no longer sign in', async () => {
    const page = ownerPage;
    await memberRow(page, username).getByRole('button', { name: 'Remove Grace Hopper' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Grace Hopper?' });
    await visible(confirm);
    await expectNoAccessibilityViolations(page);
    await confirm.getByRole('button', { name: 'Yes, remove' }).click();
    await visible(toast(page, 'User Removed'));
    await expect.poll(() => memberRow(page, username).count()).toBe(0);

    await memberPage.goto('/user/dashboard');
    await expect.poll(() => new URL(memberPage.url()).pathname).toBe('/sign-in');
    await memberPage.getByLabel('Email or username').fill(username);
    await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await visible(toast(memberPage, 'Sign In Failed'));
  });

  it('a sub-admin manages the users too, but not the owner nor themselves', async () => {
    const admin = await addMemberThroughApi(owner, 'Admin', 'Sam Subadmin');
    const page = await admin.context.newPage();
    await page.goto('/user/add-user');
    await visible(page.getByRole('button', { name: 'Add User' }));
    const ownRow = memberRow(page, admin.username);
    await visible(ownRow.getByText('You', { exact: true }));
    expect(await ownRow.getByRole('button').count()).toBe(0);
    expect(await memberRow(page, 'Olive Owner').getByRole('button').count()).toBe(0);
  });

  for (const [language, heading] of [
    ['en', 'User Administration - Add New User'],
    ['es', 'Administración de usuarios - Añadir nuevo usuario'],
    ['fr', 'Administration des utilisateurs - Ajouter un utilisateur'],
  ] as const) {
    it(`reads in ${language} with no accessibility violations, on a desktop and a phone`, async () => {
      for (const viewport of ['desktop', 'phone'] as const) {
        const page = await owner.newPage();
        await page.setViewportSize(viewport === 'phone' ? { width: 375, height: 812 } : { width: 1280, height: 900 });
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        await page.goto('/user/add-user');
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
        await visible(page.getByRole('heading', { name: heading, level: 1 }));
        await visible(page.getByRole('list').filter({ hasText: 'Sam Subadmin' }));
        await expectNoAccessibilityViolations(page);
        await page.close();
      }
    });
  }
});
