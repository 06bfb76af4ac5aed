import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { startFhirSimulator, type FhirSimulator } from '@test-support/fhir-simulator';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { overflowOf, phonePageOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-fhir-');
const TOKEN = 'e2e-simulator-token';
let sim: FhirSimulator;

beforeAll(async () => {
  sim = await startFhirSimulator({ bearerTokens: [TOKEN] });
});
afterAll(() => sim?.close());

describe('Connect an EHR (FHIR) (issue 37, item 6; decision 105)', () => {
  it('connects the EHR in the settings, and sends a received fax to it from its details, on a desktop and a phone', async () => {
    const senderContext = await newContext(browser);
    const ownerContext = await newContext(browser);
    await signedInPerson(senderContext, 'Harbor Clinic');
    await signedInPerson(ownerContext, 'Cardiology Front Desk');

    // The owner connects the FHIR server with a token, and tests it.
    const settings = await ownerContext.newPage();
    await settings.goto('/user/settings');
    const section = settings.getByRole('region', { name: 'Connect an EHR (FHIR)' });
    await section.getByLabel('FHIR server base URL').fill(sim.baseUrl);
    await section.getByLabel('Access token').fill(TOKEN);
    await section.getByRole('button', { name: 'Save Connection' }).click();
    await visible(toast(settings, 'EHR connection saved'));
    await section.getByRole('button', { name: 'Test Connection' }).click();
    await visible(toast(settings, 'The EHR answered'));
    await visible(settings.getByText('FHIR 4.0.1 (Faxline FHIR simulator 1.0): the credentials were accepted.'));
    await expect.poll(() => section.getByLabel('Access token').inputValue()).toBe('');
    await expectNoAccessibilityViolations(settings);
    await wholePageScreenshot(settings, path.join(screenshots(), 'settings-desktop-en.png'));

    // On a phone, in French, the section fits the screen.
    const phoneSettings = await phonePageOf(browser, ownerContext, 'fr');
    await phoneSettings.goto('/user/settings');
    const phoneSection = phoneSettings.getByRole('region', { name: 'Connecter un dossier patient informatisé (FHIR)' });
    await visible(phoneSection.getByRole('button', { name: 'Tester la connexion' }));
    expect((await overflowOf(phoneSettings)).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phoneSettings);
    await phoneSettings.context().close();

    // A fax arrives; its details offer to send it to the EHR, and then say what the EHR made of it.
    const numbers = (await (await ownerContext.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };
    await sendFaxThroughApi(senderContext, { recipientNumber: numbers.numbers[0]!.phoneNumber, faxQuality: 'fine' }, 1, {
      name: 'referral.pdf',
      bytes: await makePdf(1),
    });
    const inbound = async () =>
      ((await (await ownerContext.request.get('/api/faxes?direction=inbound')).json()) as { faxes: Array<{ id: string }> }).faxes;
    await expect.poll(async () => (await inbound()).length, { timeout: 60_000 }).toBe(1);
    const faxId = (await inbound())[0]!.id;
    const page = await ownerContext.newPage();
    await page.goto(`/user/fax-history?tab=received&fax=${faxId}`);
    const dialog = page.getByRole('dialog', { name: 'Fax Details' });
    const fhir = dialog.getByRole('region', { name: 'FHIR' });
    await visible(fhir.getByText('Not sent to the EHR yet.'));
    await fhir.getByRole('button', { name: 'Send to EHR' }).click();
    // The toast follows the send's answer and the list's refetch: on a busy machine that takes more than 15 s.
    await visible(toast(page, 'Sending to the EHR'), 30_000);
    await visible(fhir.getByText('Sent', { exact: true }), 30_000);
    const [resourceId] = [...sim.documentReferences.keys()];
    await visible(fhir.getByText(`DocumentReference ${resourceId}`));
    await visible(fhir.getByText('No single patient matched: to review in the EHR.'));
    await expect.poll(() => fhir.getByRole('button', { name: /Send to EHR/ }).count()).toBe(0);
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'details-desktop-en.png'));

    // On a phone, in Spanish, the block fits the dialog.
    const phone = await phonePageOf(browser, ownerContext, 'es');
    await phone.goto(`/user/fax-history?tab=received&fax=${faxId}`);
    const phoneDialog = phone.getByRole('dialog', { name: 'Detalles del fax' });
    await visible(phoneDialog.getByRole('region', { name: 'FHIR' }).getByText('Enviado', { exact: true }));
    expect((await overflowOf(phone, { within: '[role="dialog"]' })).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phone);
    await phone.screenshot({ path: path.join(screenshots(), 'details-phone-es.png'), fullPage: true });
    await phone.context().close();

    await senderContext.close();
    await ownerContext.close();
  });
});
