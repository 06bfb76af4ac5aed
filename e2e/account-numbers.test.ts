import path from 'node:path';
import { formatPhoneInternational } from '@faxline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { onPlan, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { faxCall } from './support/faxes';
import {
  overflowOf,
  phonePageOf,
  sameOrigin,
  toast,
  useBrowser,
  useScreenshotsFolder,
  visible,
  wholePageScreenshot,
} from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-account-numbers-');

/** A practice that faxes the new number. */
const CALLER = '+12125550177';

const numberRow = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Your numbers' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label }) });

describe('numbers a customer chooses (issue 39, decision 112)', () => {
  it('the owner adds a number found by area code, names its inbox and station id, receives a fax on it, and releases it', async () => {
    const owner = await newContext(browser);
    await signedInPerson(owner, 'Harbor Dental');
    await onPlan(owner, 'professional');
    const made = await owner.request.post('/api/inboxes', {
      headers: sameOrigin(),
      data: { name: 'Referrals', memberIds: [], numbers: [] },
    });
    expect(made.status(), await made.text()).toBe(200);
    const referrals = ((await made.json()) as { inboxes: Array<{ id: string; name: string }> }).inboxes[0]!;

    const page = await owner.newPage();
    await page.goto('/user/dashboard');
    await page.getByRole('link', { name: 'Fax Numbers' }).click();
    await visible(page.getByRole('heading', { name: 'Fax Numbers', level: 1 }));
    await visible(page.getByText('Your Professional plan includes 1 number; you hold 1.', { exact: false }));
    await visible(page.getByText('Each number beyond them costs $5.00 a month, billed on your next invoice.', { exact: false }));

    // The search, by area code: the plan's one number is in use, so the price of one more is said before adding.
    await visible(page.getByText("Your plan's numbers are all in use: one more costs $5.00 a month", { exact: false }));
    await page.getByLabel('Area code').fill('415');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('region', { name: 'Numbers found' });
    await visible(results.getByRole('listitem').first());
    const first = (await results.getByRole('listitem').first().locator('span.font-medium').textContent())!;
    expect(first).toMatch(/^\+1 415 /);
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'numbers-search-desktop-en.png'));

    await results.getByRole('button', { name: `Add ${first}` }).click();
    await visible(toast(page, 'Number added'));
    const row = numberRow(page, first);
    await visible(row.getByText('Extra · $5.00/month'));
    const number = `+${first.replace(/\D/g, '')}`;
    expect(formatPhoneInternational(number)).toBe(first);

    // Its inbox and station id, saved together.
    await row.getByLabel('Inbox its faxes land in').selectOption({ label: 'Referrals' });
    await row.getByLabel('Station id').fill('+1 415 555');
    await row.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Number saved'));
    const stored = (await (await owner.request.get('/api/account-numbers')).json()) as {
      numbers: Array<{ phoneNumber: string; inboxId: string | null; stationId: string }>;
    };
    expect(stored.numbers.find((held) => held.phoneNumber === number)).toMatchObject({ inboxId: referrals.id, stationId: '+1 415 555' });

    // A fax machine calls the new number: the fax lands in the account, in the inbox the number names.
    await faxCall({ to: number, from: CALLER, pdf: await makePdf(1, 'New patient referral') });
    const inReferrals = async () =>
      ((await (await owner.request.get(`/api/inboxes/faxes?inbox=${referrals.id}`)).json()) as { faxes: Array<{ id: string }> }).faxes;
    await expect.poll(async () => (await inReferrals()).length, { timeout: 60_000 }).toBe(1);
    const inbox = await owner.newPage();
    await inbox.goto(`/user/inbox?inbox=${referrals.id}`);
    await visible(inbox.getByRole('link', { name: 'Referrals, 1 new' }));

    // Released, with the warning first: gone from the account, and not offered to anyone during its quarantine.
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    await row.getByRole('button', { name: `Release ${first}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Release ${first}?` });
    await visible(dialog.getByText('Nobody, you included, can take this number for 30 days after its release.'));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'numbers-release-desktop-en.png'));
    await dialog.getByRole('button', { name: 'Release' }).click();
    await visible(toast(page, 'Number released'));
    await expect.poll(() => numberRow(page, first).count()).toBe(0);
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(results.getByRole('listitem').first());
    expect(await results.getByText(first, { exact: true }).count()).toBe(0);

    // On a phone, in Spanish and in French: nothing wider than the screen, nothing an assistive reader would miss.
    for (const language of ['es', 'fr'] as const) {
      const phone = await phonePageOf(browser, owner, language);
      await phone.goto('/user/numbers');
      await visible(phone.getByRole('heading', { name: language === 'es' ? 'Números de fax' : 'Numéros de fax', level: 1 }));
      await phone.getByLabel(language === 'es' ? 'Código de área' : 'Indicatif régional').fill('415');
      await phone.getByRole('button', { name: language === 'es' ? 'Buscar' : 'Rechercher' }).click();
      await visible(
        phone
          .getByRole('region', { name: language === 'es' ? 'Números encontrados' : 'Numéros trouvés' })
          .getByRole('listitem')
          .first(),
      );
      expect((await overflowOf(phone)).offenders).toEqual([]);
      await expectNoAccessibilityViolations(phone);
      await wholePageScreenshot(phone, path.join(screenshots(), `numbers-phone-${language}.png`));
      await phone.context().close();
    }
    await owner.close();
  }, 180_000);
});
