import path from 'node:path';
import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext, type Viewport } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-fax-failures-');

// One failure language (decision 119): a fax the sandbox's telephone answers fails as "not a fax machine", final.
const TEXTS = {
  en: {
    locale: 'en-US',
    failed: 'Failed',
    heading: 'Why it failed',
    details: 'View Details',
    dialog: 'Fax Details',
    sentence: 'Answered, but not by a fax machine',
    final: 'Sending it again would end the same way.',
  },
  es: {
    locale: 'es-ES',
    failed: 'Fallido',
    heading: 'Por qué falló',
    details: 'Ver detalles',
    dialog: 'Detalles del fax',
    sentence: 'Contestó, pero no un fax',
    final: 'Reenviarlo terminaría igual.',
  },
  fr: {
    locale: 'fr-FR',
    failed: 'Échec',
    heading: 'Raison de l’échec',
    details: 'Voir les détails',
    dialog: 'Détails du fax',
    sentence: 'A répondu, mais pas un fax',
    final: 'La renvoyer finirait de la même façon.',
  },
} as const;

/** Opens the details of the newest sent fax once it has failed, from the history, as a person does. */
async function detailsOfFailedFax(page: Page, texts: (typeof TEXTS)[keyof typeof TEXTS]) {
  await page.goto('/user/fax-history');
  // The history is a table on a desktop and cards on a phone: only one of them is shown.
  await visible(page.getByText(texts.failed, { exact: true }).filter({ visible: true }).first(), 60_000);
  await page
    .getByRole('button', { name: /^(Actions for the fax of|Acciones del fax|Actions pour le fax)/ })
    .filter({ visible: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: texts.details, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog });
  await visible(dialog);
  return dialog;
}

describe('a failed fax in the one failure language (decision 119)', () => {
  it.each([
    ['en', 'desktop'],
    ['es', 'phone'],
    ['fr', 'desktop'],
  ] as const)(
    'says why in %s (%s): the class’s sentence and whether another try may help',
    async (language, viewport: Viewport) => {
      const texts = TEXTS[language];
      const context = await newContext(browser, { viewport, locale: texts.locale });
      await signedInPerson(context, 'Ada Failure');
      await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.not_a_fax_machine });
      const page = await context.newPage();
      const dialog = await detailsOfFailedFax(page, texts);
      const failure = dialog.getByRole('region', { name: texts.heading });
      await visible(failure.getByText(texts.sentence));
      await visible(failure.getByText(texts.final));
      await expectNoAccessibilityViolations(page);
      await page.screenshot({ path: path.join(screenshots(), `failure-${language}-${viewport}.png`) });

      if (language === 'en') {
        // An uncertain fax, for real: the sandbox's machine that hangs up before confirming the last page (decision
        // 120). The question is asked, and "Keep as is" answers it for good.
        await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.drops_before_confirmation });
        await page.goto('/user/fax-history');
        await visible(page.getByText('Uncertain', { exact: true }).filter({ visible: true }).first(), 60_000);
        await page
          .getByRole('button', { name: /^Actions for the fax of/ })
          .filter({ visible: true })
          .first()
          .click();
        await page.getByRole('menuitem', { name: texts.details, exact: true }).click();
        const again = page.getByRole('dialog', { name: texts.dialog });
        const question = again.getByRole('region', { name: 'Did it arrive? Nobody can say' });
        await visible(question);
        await visible(question.getByRole('button', { name: 'Send again' }));
        await expectNoAccessibilityViolations(page);
        await wholePageScreenshot(page, path.join(screenshots(), 'uncertain-en-desktop.png'));
        await question.getByRole('button', { name: 'Keep as is' }).click();
        // Answered for good: the buttons go, and what was chosen is said.
        await visible(question.getByRole('status').getByText('You chose to keep this fax as it is.'));
        await expect.poll(() => question.getByRole('button').count()).toBe(0);
      }
      expect(page.url()).toContain('/user/fax-history');
      await context.close();
    },
    120_000,
  );
});
