import type { FileStore } from '../../platform/files/encrypted-file-store';
import type { TConfig } from '../../platform/config';
import { tiffPagesFrom } from '../../documents/fax-image/fax-tiff-pages';
import type { CallOutcome, CallPlan, FaxLine, HandedOver, OutgoingFax, TryImages } from '../fax-line';
import { mediaLinkOf } from '../media-links';
import { imageWithHeaderLines } from '../t30/header-line';
import { lineFailureSince } from '../outside-lines';
import { CarrierRefused, CarrierUnavailable, tryRefOf, type Carrier, type CarrierName } from './carrier';

/** The attempt's `lineCode` when the carrier could not be asked (its own words are in the detail). */
export const CARRIER_OUTAGE_CODE = 'unreachable';

/** Where a carrier posts its webhooks, under the address the world reaches Faxline at. */
export const carrierWebhookPath = (carrier: CarrierName) => `/api/carriers/${carrier}/webhook`;

type CarrierLineDeps = {
  carrier: Carrier;
  /** Whether the number's route gives it to this carrier first (routes.ts). */
  takes: (toNumber: string) => boolean;
  files: FileStore;
  tryImages: TryImages;
  config: Pick<TConfig, 'publicUrl' | 'authSecret' | 'dataDir'>;
};

/**
 * A carrier's line (decisions 056 and 057): a call is handing the fax to the carrier with a media link to
 * the try's pages, which are Faxline's fax image as every line sends it (the header line the account set above each
 * page, dated now), kept on the try first; the carrier's webhooks end the try. Carriers cannot start at a page of our
 * choosing: a retry after a try that ended partway hands over a document of the pages not confirmed yet
 * (`plan.firstPage` to the last, under the whole fax's header lines), and the webhooks count from there. A refusal
 * ends the try at once as carrier_refused, an outage as carrier_outage, the carrier's words in the detail (and, after
 * an outage, with a fallback carrier for the number, the next try goes there: routes.ts).
 */
export function carrierLine(deps: CarrierLineDeps): FaxLine {
  return {
    name: deps.carrier.name,
    accepts: async (toNumber) => deps.takes(toNumber),
    call: async (fax, plan) => handOver(deps, fax, plan),
  };
}

async function handOver(deps: CarrierLineDeps, fax: OutgoingFax, { attempt, firstPage }: CallPlan): Promise<CallOutcome | HandedOver> {
  const started = Date.now();
  if (!fax.fromNumber)
    return lineFailureSince(
      started,
      'carrier_refused',
      `${deps.carrier.name} needs a From number: the account has no fax number`,
      'no_from_number',
    );
  if (!fax.imageKey) return lineFailureSince(started, 'line_quality', 'the fax has no image to send');
  const image = await deps.files.get(fax.imageKey);
  const stamped = (await imageWithHeaderLines({ image, fax })) ?? image;
  const pages = tiffPagesFrom(stamped, firstPage);
  await deps.tryImages.keep({ faxId: fax.id, attempt }, pages);
  try {
    const carrierFaxId = await deps.carrier.send({
      mediaUrl: await mediaLinkOf(deps.config, { faxId: fax.id, attempt }),
      to: fax.toNumber,
      from: fax.fromNumber,
      quality: fax.quality,
      webhookUrl: `${deps.config.publicUrl}${carrierWebhookPath(deps.carrier.name)}`,
      tryRef: tryRefOf(fax.id, attempt),
    });
    return { handedOver: true, carrierFaxId };
  } catch (error) {
    // Unreachable, a 5xx, a 429 or a timeout is an outage (tried again, on the route's other carrier when it has one);
    // any other 4xx is the carrier refusing this request (the number, the account, its rules): final (decision 119).
    if (error instanceof CarrierUnavailable) return lineFailureSince(started, 'carrier_outage', error.message, CARRIER_OUTAGE_CODE);
    if (error instanceof CarrierRefused)
      return lineFailureSince(started, 'carrier_refused', error.message, `http_${error.status ?? 'refused'}`);
    throw error;
  }
}
