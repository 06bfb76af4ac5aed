import { formatDay, formatMoney } from './money';
import { escapeHtml, pageHtml } from './page-shell';
import type { Invoice } from './wire';

/** The hosted invoice page (`hosted_invoice_url`): the lines and the totals, read-only. */
export function invoicePage(invoice: Invoice): string {
  const money = (amount: number) => escapeHtml(formatMoney(amount, invoice.currency));
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, entry) => sum + entry.amount, 0);
  const rows = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description ?? '')}<br><small>${escapeHtml(formatDay(line.period.start))} – ${escapeHtml(formatDay(line.period.end))}</small></td><td class="amount">${money(line.amount)}</td></tr>`,
    )
    .join('');
  const title = `Invoice ${invoice.number ?? invoice.id}`;
  const body = `
<h1>${escapeHtml(title)}</h1>
<p>Status: <strong>${escapeHtml(invoice.status ?? '')}</strong> · Issued ${escapeHtml(formatDay(invoice.created))}${invoice.customer_email ? ` to ${escapeHtml(invoice.customer_email)}` : ''}</p>
<section class="card" aria-labelledby="lines-heading">
  <h2 id="lines-heading">Lines</h2>
  <table>
    <thead><tr><th scope="col">Description</th><th scope="col" class="amount">Amount</th></tr></thead>
    <tbody>${rows}</tbody>
    <tfoot>
      <tr><th scope="row">Subtotal</th><td class="amount">${money(invoice.subtotal)}</td></tr>
      ${discount !== 0 ? `<tr><th scope="row">Discount</th><td class="amount">−${money(discount)}</td></tr>` : ''}
      <tr><th scope="row">Tax</th><td class="amount">${money(0)}</td></tr>
      <tr><th scope="row">Total</th><td class="amount">${money(invoice.total)}</td></tr>
      <tr><th scope="row">Paid</th><td class="amount">${money(invoice.amount_paid)}</td></tr>
      <tr><th scope="row">Amount due</th><td class="amount">${money(invoice.amount_remaining)}</td></tr>
    </tfoot>
  </table>
</section>`;
  return pageHtml(title, body);
}
