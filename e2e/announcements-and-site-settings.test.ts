import path from 'node:path';
import { ZAccountSummary, ZAdminPlansResponse } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import {
  hidden,
  phonePageOf,
  sameOrigin,
  textShown,
  useBrowser,
  useScreenshotsFolder,
  visible,
  wholePageScreenshot,
} from './support/fixtures';

const { browser } = useBrowser();
const shots = useScreenshotsFolder('faxline-announcements-');
let admin: BrowserContext;
beforeAll(async () => {
  admin = await adminContext(browser);
});
// The settings are one row for the whole platform, shared with the other browser files: leave the defaults.
afterAll(async () => {
  await resetSettings();
  await admin.close();
});

async function resetSettings() {
  const response = await admin.request.post('/api/admin/settings/reset', { headers: sameOrigin() });
  expect(response.status(), await response.text()).toBe(200);
}

const iconOf = (page: Page) => page.evaluate(() => document.head.querySelector('link[rel="icon"]')?.getAttribute('href'));

describe("the site's own settings (issue 39, items 4 and 7)", () => {
  it('the contact page shows the phone, address and hours set in the back office and never a placeholder; the tab and the back office wear the chosen icon and logo', async () => {
    await resetSettings();
    const visitor = await newContext(browser);
    const contact = await visitor.newPage();
    await contact.goto('/contact');
    await visible(contact.getByRole('heading', { level: 2, name: 'Send us a message' }));
    // Nothing is set: no phone, no office, not even the panel; the placeholder number of old is nowhere.
    expect(await contact.getByRole('heading', { name: 'Call us' }).count()).toBe(0);
    expect(await contact.content()).not.toMatch(/555[ -]?0142|Example Street/);

    const settings = await admin.newPage();
    await settings.goto('/admin/settings');
    await visible(settings.getByRole('heading', { level: 2, name: 'Contact details' }));
    await settings.getByLabel('Phone number', { exact: true }).fill('+1 604 555 0100');
    await settings.getByLabel('Office address', { exact: true }).fill('Faxline Ltd\n10 Harbour Street\nVancouver BC V6B 1A1');
    await settings.getByLabel('Support hours in English', { exact: true }).fill('Monday to Friday, 9:00 to 17:00 Pacific time');
    // Spanish written, French left empty: French readers are shown the English hours.
    await settings.getByLabel('Support hours in Spanish', { exact: true }).fill('De lunes a viernes, de 9:00 a 17:00, hora del Pacífico');
    // An address that is not an https image is refused beside its field, in words.
    await settings.getByLabel('Favicon URL', { exact: true }).fill('http://cdn.example.com/icon.png');
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await visible(settings.getByText(/Enter the address of an image/).first());
    await settings.getByLabel('Favicon URL', { exact: true }).fill('/images/step-send.svg');
    await settings.getByLabel('Admin logo URL', { exact: true }).fill('/images/fax-from-browser.svg');
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await textShown(settings, 'Settings Saved');
    await expect.poll(() => settings.locator('img[data-admin-logo]').first().getAttribute('src')).toBe('/images/fax-from-browser.svg');
    await expect.poll(() => iconOf(settings)).toBe('/images/step-send.svg');
    await expectNoAccessibilityViolations(settings);
    await wholePageScreenshot(settings, path.join(shots(), 'admin-settings-contact.png'));

    await contact.reload();
    const phone = contact.getByRole('link', { name: '+1 604 555 0100' }).first();
    await visible(phone);
    expect(await phone.getAttribute('href')).toBe('tel:+16045550100');
    await visible(contact.getByText('Monday to Friday, 9:00 to 17:00 Pacific time').first());
    await visible(contact.getByText('10 Harbour Street', { exact: false }).first());
    expect(await contact.content()).not.toMatch(/555[ -]?0142|Example Street/);
    await expect.poll(() => iconOf(contact)).toBe('/images/step-send.svg');
    await expectNoAccessibilityViolations(contact);
    await wholePageScreenshot(contact, path.join(shots(), 'contact-en-desktop.png'));
    const phoneSpanish = await phonePageOf(browser, visitor, 'es');
    await phoneSpanish.goto('/contact');
    await visible(phoneSpanish.getByRole('link', { name: '+1 604 555 0100' }).first());
    await visible(phoneSpanish.getByText('De lunes a viernes, de 9:00 a 17:00, hora del Pacífico').first());
    expect(await phoneSpanish.getByText('Monday to Friday, 9:00 to 17:00 Pacific time').count()).toBe(0);
    await wholePageScreenshot(phoneSpanish, path.join(shots(), 'contact-es-phone.png'));
    await phoneSpanish.context().close();
    const phoneFrench = await phonePageOf(browser, visitor, 'fr');
    await phoneFrench.goto('/contact');
    await visible(phoneFrench.getByText('Monday to Friday, 9:00 to 17:00 Pacific time').first());
    await phoneFrench.context().close();
    await visitor.close();
  });
});

describe('announcements (issue 39, item 8)', () => {
  it('an admin sends an incident notice to one plan, its customer sees the banner in their language and dismisses it', async () => {
    const customer = await newContext(browser);
    const person = await signedInPerson(customer, 'Nora Notice');
    const account = ZAccountSummary.parse(await (await customer.request.get('/api/account')).json());
    // Enterprise, granted by the back office: no other browser file's customer is on it, so the banner is theirs alone.
    const plans = ZAdminPlansResponse.parse(await (await admin.request.get('/api/admin/plans')).json()).plans;
    const enterprise = plans.find((plan) => plan.slug === 'enterprise')!;
    const granted = await admin.request.post(`/api/admin/accounts/${account.id}/billing/plan`, {
      headers: sameOrigin(),
      data: { planId: enterprise.id, reason: 'Browser test of announcements' },
    });
    expect(granted.status(), await granted.text()).toBe(204);

    const page = await admin.newPage();
    await page.goto('/admin/announcements');
    await visible(page.getByRole('heading', { level: 1, name: 'Announcements' }));
    await page.getByLabel('Kind', { exact: true }).selectOption('incident');
    await page.getByLabel('Customers', { exact: true }).selectOption({ label: `Customers on ${enterprise.name}` });
    const english = page.getByRole('group', { name: 'English (required)' });
    await english.getByLabel('Title', { exact: true }).fill('Delayed deliveries this morning');
    await english.getByLabel('Message', { exact: true }).fill('Some faxes are taking longer to deliver. Nothing is lost.');
    const spanish = page.getByRole('group', { name: 'Spanish' });
    await spanish.getByLabel('Title', { exact: true }).fill('Entregas con retraso esta mañana');
    await spanish.getByLabel('Message', { exact: true }).fill('Algunos faxes tardan más en entregarse. No se pierde nada.');
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Send announcement' }).click();
    const dialog = page.getByRole('alertdialog');
    await visible(dialog.getByText(`It goes to every customer on ${enterprise.name} now`, { exact: false }));
    await dialog.getByRole('button', { name: 'Send announcement' }).click();
    await textShown(page, 'Announcement sent: Delayed deliveries this morning');
    const item = page.getByRole('list', { name: 'Sent announcements' }).getByRole('listitem').first();
    await visible(item.getByText(/^1 person reached: 1 e-mailed/));
    await item.getByRole('button', { name: 'Show who was sent what' }).click();
    await visible(item.getByRole('cell', { name: person.email.toLowerCase(), exact: false }));
    await visible(item.getByRole('cell', { name: 'E-mailed', exact: true }));
    await wholePageScreenshot(page, path.join(shots(), 'admin-announcements.png'));

    // The e-mail went out through the outbox's job, once.
    const mailbox = (await (await customer.request.get(`/api/dev/mailbox?to=${encodeURIComponent(person.email)}`)).json()) as {
      messages: { subject: string }[];
    };
    expect(mailbox.messages.filter((message) => message.subject === 'Service incident: Delayed deliveries this morning')).toHaveLength(1);

    // In Spanish on a phone, the Spanish words.
    const phone = await phonePageOf(browser, customer, 'es');
    await phone.goto('/user/dashboard');
    const spanishBanner = phone.getByRole('region', { name: 'Avisos' });
    await visible(spanishBanner.getByText('Incidencia: Entregas con retraso esta mañana'));
    await wholePageScreenshot(phone, path.join(shots(), 'banner-es-phone.png'));
    await phone.context().close();

    const dashboard = await customer.newPage();
    // The preference maintenance and incident e-mails follow, on by default (terms are e-mailed whatever it says).
    await dashboard.goto('/user/settings');
    const serviceNotices = dashboard.getByRole('switch', { name: 'Service Notices' });
    await visible(serviceNotices);
    expect(await serviceNotices.isDisabled()).toBe(false);
    expect(await serviceNotices.isChecked()).toBe(true);
    await dashboard.goto('/user/dashboard');
    const banners = dashboard.getByRole('region', { name: 'Announcements' });
    await visible(banners.getByText('Incident: Delayed deliveries this morning'));
    await visible(banners.getByText('Some faxes are taking longer to deliver. Nothing is lost.'));
    await expectNoAccessibilityViolations(dashboard);
    await wholePageScreenshot(dashboard, path.join(shots(), 'banner-en-desktop.png'));
    await banners.getByRole('button', { name: 'Dismiss the announcement “Delayed deliveries this morning”' }).click();
    await hidden(banners);
    await dashboard.reload();
    await visible(dashboard.getByRole('heading', { level: 1 }).first());
    expect(await dashboard.getByText('Delayed deliveries this morning').count()).toBe(0);
    await customer.close();
  });
});
