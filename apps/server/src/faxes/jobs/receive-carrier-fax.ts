import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { renderFaxImage } from '../../documents/fax-image/render-fax-image';
import type { CarrierReport } from '../../lines/carriers/carrier';
import { linesInForce } from '../../lines/lines-in-force';
import { defineJob } from '../../job-deps';
import { receiveInboundCall } from '../receive-call';
import { carrierEvents } from '../schema';

type Received = Extract<CarrierReport, { kind: 'received' }>;

/**
 * A fax a carrier received on one of Faxline's numbers, queued with its event: the document fetched from
 * the carrier, drawn again as the fax image Faxline keeps (Ghostscript in the converters' box: what the carrier sent
 * is pixels on paper, and nothing else of the PDF survives), and stored in the inbox of the account holding the
 * number, by the inbound rules (a blocked caller, a number no account holds: nothing stored). Run again after a
 * crash, the call id finds the fax stored already.
 */
export const receiveCarrierFaxJob = defineJob({
  name: 'faxes.receive-from-carrier',
  schema: z.object({ carrier: z.string().min(1).max(20), eventId: z.string().min(1).max(200) }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  handler: async ({ carrier: name, eventId }, { db, files, config, systemSettings, logger }) => {
    const [event] = await db
      .select({ payload: carrierEvents.payload })
      .from(carrierEvents)
      .where(and(eq(carrierEvents.carrier, name as never), eq(carrierEvents.eventId, eventId)));
    const carrier = (await linesInForce({ config, systemSettings })).carrierNamed(name);
    if (!event || !carrier) {
      logger.error({ carrier: name, eventId }, 'a received fax whose carrier or event is gone; nothing stored');
      return;
    }
    const report = event.payload as Received;
    const media = await carrier.fetchMedia(report.mediaUrl);
    const image = await renderFaxImage(media, 'fine', config.converterLimits);
    const outcome = await receiveInboundCall(
      { db, files },
      {
        callId: `${carrier.name}:${report.carrierFaxId}`,
        line: carrier.name,
        toNumber: report.to,
        fromNumber: report.from,
        remoteIdent: null,
        tiff: image.tiff,
        details: {
          pages: image.pages,
          bitRate: null,
          resolution: 'fine',
          ecm: null,
          completion: null,
          lineMs: report.durationMs,
        },
      },
    );
    logger.info({ carrier: carrier.name, carrierFaxId: report.carrierFaxId, ...outcome }, 'a fax received through a carrier');
  },
});
