import { destinationOf, DOMESTIC_CALLING_CODE, type TFaxQuote, type TRecipientQuote } from '@faxline/shared';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { internationalRateOf } from './international-rates';
import type { ChargeTerms } from './overage';

/**
 * What a fax's quote promised (decision 096), kept with the fax when it is accepted and read at its delivery: the
 * charge is never above it. `overagePages` null: the pages were not all counted at acceptance (a Word document, a file
 * fetched by address), so only the rates bind.
 */
export type QuotedTerms = {
  currency: string;
  overageCentsPerPage: number | null;
  overagePages: number | null;
  internationalCentsPerPage: number | null;
};

export type SendToPrice = {
  recipients: string[];
  /** Each fax's pages as counted so far (the cover page included). */
  pages: number;
  /** Whether every file's pages were counted (false: more pages come with the conversion). */
  pagesKnown: boolean;
  /** The plan's pages already used this period, the faxes on their way included (faxes/quota.ts). */
  used: number;
  /** The plan's pages per period; null: no limit. */
  limit: number | null;
};

/**
 * The one pricing of a send (decision 096), before it is queued: per recipient, the pages left in the plan cost
 * nothing, the pages past it the plan's overage price (while it has an invoice to bill on), and every page to another
 * country its rate, on top. A country without a rate, or a number of no country, is refused. Answers the quote and
 * the terms each fax keeps. `terms`: the account's charge terms, read with the rest of what its send is checked against.
 */
export async function priceSend(
  db: Database,
  { currency, invoiced, overageCents }: ChargeTerms,
  send: SendToPrice,
): Promise<{ quote: TFaxQuote; terms: QuotedTerms[] }> {
  const ratesByCountry = new Map<string, number | null>();
  let planPagesLeft = send.limit === null ? Number.POSITIVE_INFINITY : send.limit - send.used;
  const recipients: TRecipientQuote[] = [];
  const terms: QuotedTerms[] = [];
  for (const number of send.recipients) {
    const country = await destinationCountryOf(number);
    let rate: number | null = null;
    if (country) {
      if (!ratesByCountry.has(country)) ratesByCountry.set(country, await internationalRateOf(db, country));
      rate = ratesByCountry.get(country) ?? null;
      if (rate === null) throw new AppError('invalid_request', 'errors.noInternationalRate', { number, country });
    }
    const internationalCentsPerPage = invoiced ? rate : null;
    const included = Math.min(send.pages, Math.max(0, planPagesLeft));
    planPagesLeft -= send.pages;
    // Past the plan without a price, the quota refuses the send (faxes/quota.ts): nothing to price.
    const overagePages = overageCents === null ? 0 : send.pages - included;
    const cents = overagePages * (overageCents ?? 0) + send.pages * (internationalCentsPerPage ?? 0);
    recipients.push({
      number,
      country,
      pages: send.pages,
      overagePages,
      overageCentsPerPage: overageCents,
      internationalCentsPerPage,
      cents,
    });
    terms.push({
      currency,
      overageCentsPerPage: overageCents,
      overagePages: send.pagesKnown ? overagePages : null,
      internationalCentsPerPage,
    });
  }
  const totalCents = recipients.reduce((sum, recipient) => sum + recipient.cents, 0);
  return { quote: { currency, totalCents, pagesKnown: send.pagesKnown, recipients }, terms };
}

/** The country a fax to this number goes to, null for a +1 number (within every plan); refuses a number of no country. */
async function destinationCountryOf(number: string): Promise<string | null> {
  const destination = destinationOf(number);
  if (destination?.callingCode === DOMESTIC_CALLING_CODE) return null;
  if (!destination?.country) throw new AppError('invalid_request', 'errors.noDestinationCountry', { number });
  return destination.country;
}

/**
 * The rate a delivered fax is charged at (decision 096): never above what it was quoted, and below it when the price
 * has come down since. `quoted` undefined: a fax accepted before quotes existed, charged at today's price (overage
 * only: such a fax had no international rate). `current` null: nothing can be charged now (no invoice to bill on, or
 * the plan no longer bills pages beyond it).
 */
export function chargedRate(quoted: number | null | undefined, current: number | null): number | null {
  if (quoted === undefined) return current;
  if (quoted === null || current === null) return null;
  return Math.min(quoted, current);
}

/**
 * The international rate of a delivered fax: what its quote said, or today's rate for the country when lower. A
 * country removed from the table since keeps the quoted rate: the sender accepted it and the fax went. Null when the
 * quote had none or there is no invoice to bill it on now (`terms`, the account's as they stand: chargeTermsFrom).
 */
export async function internationalRateAtDelivery(
  db: Database,
  terms: ChargeTerms,
  toNumber: string,
  quoted: QuotedTerms | null,
): Promise<{ cents: number; currency: string } | null> {
  const quotedCents = quoted?.internationalCentsPerPage ?? null;
  if (quotedCents === null || !terms.invoiced) return null;
  const { currency } = terms;
  const country = destinationOf(toNumber)?.country;
  const current = country ? await internationalRateOf(db, country) : null;
  return { cents: Math.min(quotedCents, current ?? quotedCents), currency };
}
