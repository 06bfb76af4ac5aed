import { INVOICES_PER_PAGE, LANGUAGES, ZInvoiceListQuery, ZInvoiceListResponse, ZInvoiceParams, type TLanguage } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMembers } from '../accounts/schema';
import { actorOf } from '../accounts/require-actor';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { customerOfAccount } from './billing-profile';
import type { BillingProvider, InvoiceSummary, ProviderInvoice } from './billing-provider';
import { invoicePdf } from './invoice-pdf';

/** The account owner's language, which the account's invoices are written in whoever downloads them. */
async function ownerLanguageOf(db: Database, accountId: string): Promise<TLanguage> {
  const [owner] = await db
    .select({ language: users.language })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.organizationId, accountId), eq(accountMembers.role, 'owner')));
  return (LANGUAGES as readonly string[]).includes(owner?.language ?? '') ? (owner!.language as TLanguage) : 'en';
}

/** The invoice if it is this account's; another account's is not found, as one that does not exist. */
export async function invoiceOfAccount(
  db: Database,
  provider: BillingProvider,
  accountId: string,
  invoiceId: string,
): Promise<ProviderInvoice> {
  const customerId = await customerOfAccount(db, provider, accountId);
  const invoice = customerId ? await provider.invoice(invoiceId) : null;
  if (!invoice || invoice.customerId !== customerId) throw new AppError('not_found', 'errors.invoiceNotFound');
  return invoice;
}

/** The account's invoices from its provider, and Faxline's PDF of each, for its owner and Billing members. */
/** An invoice of the list as the customer's page and the back office show it: the provider's figures, dates in ISO. */
export function invoiceSummaryJson(invoice: InvoiceSummary) {
  return {
    id: invoice.id,
    number: invoice.number,
    issuedAt: invoice.issuedAt.toISOString(),
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    amountDue: invoice.amountDue,
  };
}

export const invoiceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, requireActor, systemSettings } = deps;

  app.get(
    '/billing/invoices',
    { schema: { querystring: ZInvoiceListQuery, response: { 200: ZInvoiceListResponse } }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { stripe } = await deps.billing.current();
      const customerId = stripe ? await customerOfAccount(db, stripe, actorOf(request).member.accountId) : null;
      if (!stripe || !customerId) return { invoices: [], nextAfter: null };
      const page = await stripe.invoices(customerId, { limit: INVOICES_PER_PAGE, after: request.query.after ?? null });
      return {
        invoices: page.invoices.map(invoiceSummaryJson),
        nextAfter: page.nextAfter,
      };
    },
  );

  app.get(
    '/billing/invoices/:id/pdf',
    { schema: { params: ZInvoiceParams }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      const { stripe } = await deps.billing.current();
      if (!stripe) throw new AppError('not_found', 'errors.invoiceNotFound');
      return sendInvoicePdf({ db, systemSettings }, reply, stripe, actorOf(request).member.accountId, request.params.id);
    },
  );
};

/**
 * Faxline's PDF of one of the account's invoices, written in its owner's language, as a download: what the customer
 * gets on /user/billing and an operator in the back office (decision 091).
 */
export async function sendInvoicePdf(
  deps: Pick<RouteDeps, 'db' | 'systemSettings'>,
  reply: FastifyReply,
  provider: BillingProvider,
  accountId: string,
  invoiceId: string,
): Promise<FastifyReply> {
  const invoice = await invoiceOfAccount(deps.db, provider, accountId, invoiceId);
  const settings = await deps.systemSettings.current();
  const pdf = await invoicePdf({
    invoice,
    language: await ownerLanguageOf(deps.db, accountId),
    sellerName: settings.siteName,
    sellerDetails: settings.invoiceSellerDetails,
    testMode: provider.testMode,
  });
  const fileName = `invoice-${(invoice.number ?? invoice.id).replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf));
}
