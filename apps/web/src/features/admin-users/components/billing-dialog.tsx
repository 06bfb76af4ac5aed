import { CREDIT_NOTE_KINDS, type TAdminAccountBilling, type TAdminInvoice, type TAdminUser, type TCreditNoteKind } from '@faxline/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField, FormProblem } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { ApiError } from '@/lib/api-client';
import { formatMoney, minorUnitDigits } from '@/lib/format-money';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import {
  adminInvoicePdfUrl,
  adminUsageCsvUrl,
  useAccountBilling,
  useCreditInvoice,
  useGrantablePlans,
  useGrantPlan,
  usePersonAccount,
} from '../api/account-billing';

const PAYING = ['active', 'past_due'];

/** A person's account and its billing (issue 36 item 8, decision 091): what they pay, their invoices, a plan granted, refunds. */
export function BillingDialog({
  user,
  onClose,
  returnFocusTo,
}: {
  user: TAdminUser | null;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {user ? (
        <DialogContent
          closeLabel={t('users.dialog.close')}
          className="max-h-[90vh] max-w-3xl overflow-y-auto"
          onCloseAutoFocus={(event) => {
            if (returnFocusTo?.isConnected) {
              event.preventDefault();
              returnFocusTo.focus();
            }
          }}
        >
          <DialogTitle>{t('users.billing.title', { email: user.email })}</DialogTitle>
          <DialogDescription>{t('users.billing.intro')}</DialogDescription>
          <PersonBilling userId={user.id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PersonBilling({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const person = usePersonAccount(userId);
  const account = person.data?.account ?? null;
  const billing = useAccountBilling(account?.id ?? null);
  if (person.isPending) return <Loading>{t('users.loading')}</Loading>;
  if (person.isError)
    return (
      <LoadFailed
        title={t('users.billing.loadFailed')}
        error={person.error}
        retryLabel={t('users.retry')}
        onRetry={() => void person.refetch()}
      />
    );
  if (!account) return <p>{t('users.billing.noAccount')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <Facts
        rows={[
          [t('users.billing.account'), account.name],
          [t('users.billing.role'), t(`users.billing.roles.${account.role}`)],
          [t('users.billing.owner'), account.owner ? `${account.owner.name} <${account.owner.email}>` : '—'],
        ]}
      />
      {billing.isPending ? (
        <Loading>{t('users.loading')}</Loading>
      ) : billing.isError ? (
        <LoadFailed
          title={t('users.billing.loadFailed')}
          error={billing.error}
          retryLabel={t('users.retry')}
          onRetry={() => void billing.refetch()}
        />
      ) : (
        <AccountBilling billing={billing.data} />
      )}
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="text-muted-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AccountBilling({ billing }: { billing: TAdminAccountBilling }) {
  const { t } = useTranslation('admin');
  const dates = useDateFormat();
  const day = (iso: string) => dates.format(iso, { dateStyle: 'medium', timeZone: 'UTC' });
  const sub = billing.subscription;
  const paying = sub !== null && PAYING.includes(sub.status);
  const headingId = useId();
  return (
    <>
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h3 id={headingId} className="text-lg font-semibold">
          {t('users.billing.planHeading')}
        </h3>
        {billing.testMode ? <Badge variant="accent">{t('users.billing.testMode')}</Badge> : null}
        <Facts
          rows={[
            [t('users.billing.plan'), billing.plan?.name ?? '—'],
            ...(sub
              ? ([
                  [t('users.billing.provider'), `${sub.provider} (${sub.customerId})`],
                  [t('users.billing.status'), t(`users.billing.statuses.${sub.status}`)],
                  [t('users.billing.subscribedPlan'), `${sub.planName} · ${t(`users.billing.intervals.${sub.interval}`)}`],
                  [t('users.billing.period'), `${day(sub.currentPeriodStart)} – ${day(sub.currentPeriodEnd)}`],
                  [t('users.billing.cancelAtPeriodEnd'), sub.cancelAtPeriodEnd ? t('users.billing.yes') : t('users.billing.no')],
                  [
                    t('users.billing.scheduledChange'),
                    sub.scheduledChange
                      ? t('users.billing.scheduledTo', {
                          plan: sub.scheduledChange.planName,
                          interval: t(`users.billing.intervals.${sub.scheduledChange.interval}`),
                          date: day(sub.scheduledChange.startsAt),
                        })
                      : '—',
                  ],
                  [t('users.billing.paymentFailedAt'), sub.paymentFailedAt ? dates.dateTime(sub.paymentFailedAt) : '—'],
                ] as [string, ReactNode][])
              : [[t('users.billing.subscription'), t('users.billing.noSubscription')] as [string, ReactNode]]),
          ]}
        />
        {paying ? (
          <p className="text-sm text-muted-foreground">{t('users.billing.payingNoGrant')}</p>
        ) : (
          <GrantPlan accountId={billing.account.id} currentPlanId={billing.plan?.id ?? null} />
        )}
      </section>
      <Invoices billing={billing} />
      <UsageDownload accountId={billing.account.id} />
    </>
  );
}

/**
 * The message of a refusal, said under the form: a field's own message when the server names one (its whole message
 * starts with the request's path, `body.reason: …`, which is no word an operator should read).
 */
const problemOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.issues?.[0]?.message ?? error.message) : fallback;

function GrantPlan({ accountId, currentPlanId }: { accountId: string; currentPlanId: string | null }) {
  const { t } = useTranslation(['admin', 'errors']);
  const plans = useGrantablePlans();
  const grant = useGrantPlan(accountId);
  const [planId, setPlanId] = useState('');
  const [reason, setReason] = useState('');
  const selectId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(
      { planId, reason },
      {
        onSuccess: () => {
          toast({ title: t('users.billing.granted') });
          setReason('');
        },
      },
    );
  };
  const choices = (plans.data ?? []).filter((plan) => plan.id !== currentPlanId);
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border p-4">
      <p className="font-medium">{t('users.billing.grantHeading')}</p>
      <p className="text-sm text-muted-foreground">{t('users.billing.grantHelp')}</p>
      <div className="flex flex-col gap-2">
        <Label htmlFor={selectId}>{t('users.billing.grantPlan')}</Label>
        <NativeSelect id={selectId} value={planId} required onChange={(event) => setPlanId(event.target.value)}>
          <option value="">{t('users.billing.choosePlan')}</option>
          {choices.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FormField label={t('users.billing.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      {/* The server's refusal, read out at once: the focus stays on the button pressed. */}
      <FormProblem>{grant.isError ? problemOf(grant.error, t('errors:api.unknown')) : null}</FormProblem>
      <Button type="submit" className="self-start" disabled={grant.isPending || planId === ''}>
        {t('users.billing.grant')}
      </Button>
    </form>
  );
}

function Invoices({ billing }: { billing: TAdminAccountBilling }) {
  const { t } = useTranslation('admin');
  const dates = useDateFormat();
  const day = (iso: string) => dates.format(iso, { dateStyle: 'medium', timeZone: 'UTC' });
  const headingId = useId();
  const money = (cents: number, currency: string) => formatMoney(cents, currency, dates.language);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('users.billing.invoicesHeading')}
      </h3>
      {billing.invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('users.billing.noInvoices')}</p>
      ) : (
        <ScrollTable label={t('users.billing.invoicesHeading')} tableClassName="min-w-[36rem]">
          <TableHead>
            <tr>
              <HeaderCell>{t('users.billing.invoiceNumber')}</HeaderCell>
              <HeaderCell>{t('users.billing.invoiceDate')}</HeaderCell>
              <HeaderCell>{t('users.billing.status')}</HeaderCell>
              <HeaderCell className="text-right">{t('users.billing.total')}</HeaderCell>
              <HeaderCell>{t('users.billing.creditNotes')}</HeaderCell>
              <HeaderCell>
                <span className="sr-only">{t('users.billing.pdf')}</span>
              </HeaderCell>
            </tr>
          </TableHead>
          <tbody>
            {billing.invoices.map((invoice) => {
              const number = invoice.number ?? invoice.id;
              return (
                <tr key={invoice.id} className="border-b align-top last:border-0">
                  <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                    {number}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{day(invoice.issuedAt)}</td>
                  <td className="px-3 py-2">{t(`users.billing.invoiceStatuses.${invoice.status}`)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(invoice.total, invoice.currency)}</td>
                  <td className="px-3 py-2">
                    <ul className="flex flex-col gap-1 text-sm">
                      {invoice.creditNotes.map((note) => (
                        <li key={note.id}>
                          {t('users.billing.creditNoteLine', {
                            number: note.number,
                            amount: money(note.amount, invoice.currency),
                            kind: note.refundAmount > 0 ? t('users.billing.kinds.refund') : t('users.billing.kinds.credit'),
                            date: day(note.createdAt),
                          })}
                          {note.memo ? <span className="block text-muted-foreground">{note.memo}</span> : null}
                        </li>
                      ))}
                    </ul>
                    {invoice.creditable > 0 ? <CreditForm accountId={billing.account.id} invoice={invoice} number={number} /> : null}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <a
                      href={adminInvoicePdfUrl(billing.account.id, invoice.id)}
                      download
                      aria-label={t('users.billing.pdfLabel', { number })}
                      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                    >
                      {t('users.billing.pdf')}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

function CreditForm({ accountId, invoice, number }: { accountId: string; invoice: TAdminInvoice; number: string }) {
  const { t } = useTranslation(['admin', 'errors']);
  const dates = useDateFormat();
  const credit = useCreditInvoice(accountId);
  const digits = minorUnitDigits(invoice.currency);
  const [amount, setAmount] = useState('');
  const [kind, setKind] = useState<TCreditNoteKind>('refund');
  const [reason, setReason] = useState('');
  const kindId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Typed in the currency's major unit, with a comma or a dot, as the reader writes it.
    const amountCents = Math.round(Number(amount.replace(',', '.')) * 10 ** digits);
    credit.mutate(
      { invoiceId: invoice.id, request: { amountCents, kind, reason } },
      {
        onSuccess: () => {
          toast({ title: t('users.billing.credited', { number }) });
          setAmount('');
          setReason('');
        },
      },
    );
  };
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-medium text-primary">{t('users.billing.refund')}</summary>
      <form onSubmit={submit} className="mt-2 flex flex-col gap-2" aria-label={t('users.billing.refundLabel', { number })}>
        <FormField
          label={t('users.billing.amount', { max: formatMoney(invoice.creditable, invoice.currency, dates.language) })}
          inputMode="decimal"
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={kindId}>{t('users.billing.kind')}</Label>
          <NativeSelect id={kindId} value={kind} onChange={(event) => setKind(event.target.value as TCreditNoteKind)}>
            {CREDIT_NOTE_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`users.billing.kinds.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FormField label={t('users.billing.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
        <FormProblem>{credit.isError ? problemOf(credit.error, t('errors:api.unknown')) : null}</FormProblem>
        <Button type="submit" size="sm" className="self-start" disabled={credit.isPending}>
          {t('users.billing.issueCreditNote')}
        </Button>
      </form>
    </details>
  );
}

function UsageDownload({ accountId }: { accountId: string }) {
  const { t } = useTranslation('admin');
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('users.billing.usageHeading')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t('users.billing.from')} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <FormField label={t('users.billing.to')} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        <a
          href={adminUsageCsvUrl(accountId, from, to)}
          download
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          {t('users.billing.usageCsv')}
        </a>
      </div>
    </section>
  );
}
