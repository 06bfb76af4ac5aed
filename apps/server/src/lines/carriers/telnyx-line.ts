import type { TConfig } from '../../platform/config';
import type { CallOutcome, FaxLine, HandedOver, OutgoingFax } from '../fax-line';
import { mediaLinkOf } from '../media-links';
import { lineErrorSince, servesOutsideNumber } from '../outside-lines';
import { CarrierRefused, CarrierUnavailable, submitTelnyxFax, type TelnyxSettings } from './telnyx';

/** Where Telnyx posts a fax's webhooks, under the address the world reaches Faxline at. */
export const TELNYX_WEBHOOK_PATH = '/api/carriers/telnyx/webhook';

/** What a try tells Telnyx to send back on each webhook: the fax and the try, so that any of them finds its try. */
export const telnyxClientState = (faxId: string, attempt: number) => `faxline:${faxId}:${attempt}`;

/** The fax and the try a webhook's client state names, or null when it is not one of ours. */
export function tryOfClientState(encoded: string | null | undefined): { faxId: string; attempt: number } | null {
  if (!encoded) return null;
  const match = /^faxline:([0-9a-f-]{36}):(\d{1,4})$/.exec(Buffer.from(encoded, 'base64').toString('utf8'));
  return match ? { faxId: match[1]!, attempt: Number(match[2]) } : null;
}

type TelnyxLineDeps = { telnyx: TelnyxSettings; config: Pick<TConfig, 'publicUrl' | 'authSecret' | 'dataDir'> };

/**
 * The Telnyx line (issue 20; decision 056): a call is handing the fax to Telnyx with a media link to its document;
 * Telnyx's webhooks end the try. Telnyx cannot start at a page of our choosing, so every try sends every page. A
 * refusal or an outage ends the try at once as a line error, its reason in the detail.
 */
export function telnyxLine(deps: TelnyxLineDeps): FaxLine {
  const { serves } = deps.telnyx;
  return {
    name: 'telnyx',
    accepts: async (toNumber) => servesOutsideNumber(serves, toNumber),
    call: async (fax, plan) => handToTelnyx(deps, fax, plan.attempt),
  };
}

async function handToTelnyx(deps: TelnyxLineDeps, fax: OutgoingFax, attempt: number): Promise<CallOutcome | HandedOver> {
  const started = Date.now();
  const failed = (detail: string) => lineErrorSince(started, detail);
  if (!fax.fromNumber) return failed('Telnyx needs a From number: the account has no fax number');
  try {
    const carrierFaxId = await submitTelnyxFax(deps.telnyx, {
      mediaUrl: await mediaLinkOf(deps.config, fax.id),
      to: fax.toNumber,
      from: fax.fromNumber,
      quality: fax.quality,
      webhookUrl: `${deps.config.publicUrl}${TELNYX_WEBHOOK_PATH}`,
      clientState: telnyxClientState(fax.id, attempt),
    });
    return { handedOver: true, carrierFaxId };
  } catch (error) {
    if (error instanceof CarrierUnavailable || error instanceof CarrierRefused) return failed(error.message);
    throw error;
  }
}
