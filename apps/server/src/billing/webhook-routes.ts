import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { inTransaction } from '../platform/db/transaction';
import type { RouteDeps } from '../route-deps';
import { syncSubscription } from './apply-subscription';
import { InvalidWebhook, type BillingProvider } from './billing-provider';
import { countRedemption } from './promotions/promotions';
import { BILLING_PROVIDERS, billingEvents } from './schema';

/** A provider's event is a few kilobytes; this refuses anything that is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/billing/<provider>/webhook (decisions 082 and 095). The signature covers the exact bytes, so the body is
 * read raw and checked before anything is parsed: a webhook that is not the provider's is a 400 that changes nothing. Each event is stored
 * once by its id, with what it changed: one already applied is acknowledged again and changes nothing. Applying reads
 * the subscription as the provider holds it now, so events may come in any order; an event whose applying fails is not
 * kept and is answered 500, so that the provider's next try applies it.
 */
export async function billingWebhookRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // One endpoint per provider (POST /api/billing/stripe/webhook, /api/billing/paypal/webhook), each answered only while
  // that provider is configured.
  for (const name of BILLING_PROVIDERS) {
    app.post(`/billing/${name}/webhook`, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const provider = (await deps.billing.current())[name];
      if (!provider) throw new AppError('not_found', 'errors.notFound');
      await takeWebhook(deps, provider, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers);
      return reply.code(200).send({ received: true });
    });
  }
}

async function takeWebhook(
  deps: RouteDeps,
  provider: BillingProvider,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
) {
  let event;
  try {
    event = await provider.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof InvalidWebhook) throw new AppError('invalid_request', 'errors.billingSignatureInvalid');
    throw error;
  }
  await inTransaction(deps.db, async (tx) => {
    // A second delivery of the same event waits here on the first one's row, then finds it and changes nothing.
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, provider: provider.name, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return;
    if (event.redeemedCouponId) await countRedemption(tx, provider.name, event.redeemedCouponId);
    if (!event.subscriptionId) return;
    await syncSubscription({ ...deps, db: tx, publicUrl: deps.config.publicUrl }, provider, event.subscriptionId);
  });
}
