import { MAX_RECEIPT_BYTES, ZReceiptKeys, ZReceiptVerification, type TReceiptVerification } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { downloadEvidencePack } from './evidence-pack';
import { downloadReceipt } from './issue-receipt';
import { receiptSigningKey } from './receipt-key';
import { verifyReceipt } from './receipt-signature';

/** The public side of transmission reports: the key to check them with, and a check anyone may ask for. */
export const receiptKeyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { systemSettings }) => {
  app.get('/.well-known/faxline-receipt-key', { schema: { response: { 200: ZReceiptKeys } } }, async (_request, reply) => {
    const key = await receiptSigningKey(systemSettings);
    reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
    return {
      keys: [{ id: key.id, algorithm: 'Ed25519' as const, publicKeyPem: key.publicKey.export({ type: 'spki', format: 'pem' }).toString() }],
    };
  });
};

export const receiptVerifyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { systemSettings, config }) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  // The report itself is the body, as a browser's file input or `curl --data-binary @report.pdf` sends it.
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: MAX_RECEIPT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/receipts/verify',
    { schema: { response: { 200: ZReceiptVerification } }, config: limit(60, 60_000) },
    async (request): Promise<TReceiptVerification> => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) return { valid: false, reason: 'unsigned' };
      const key = await receiptSigningKey(systemSettings);
      const check = await verifyReceipt(body, new Map([[key.id, key.publicKey]]));
      return check.valid ? { valid: true, keyId: check.keyId, facts: check.facts as never } : check;
    },
  );
};

/** The signed transmission report of a delivered fax, for whoever may see the fax (beside the fax's other files). */
export const receiptDownloadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, files, systemSettings, requireActor }) => {
  const params = z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) });
  app.get('/faxes/:id/receipt', { schema: { params }, preHandler: requireActor('useFaxes') }, async (request, reply) => {
    const receipt = await downloadReceipt({ db, files, systemSettings, publicUrl: config.publicUrl }, actorOf(request), request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${receipt.name}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(receipt.pdf));
  });

  // The evidence pack (decision 123): the same checks as the report, and the same signature.
  app.get('/faxes/:id/evidence-pack', { schema: { params }, preHandler: requireActor('useFaxes') }, async (request, reply) => {
    const pack = await downloadEvidencePack(
      { db, files, systemSettings, publicUrl: config.publicUrl },
      actorOf(request),
      request.params.id,
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pack.name}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pack.pdf));
  });
};
