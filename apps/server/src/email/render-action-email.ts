import type { TLanguage } from '@faxline/shared';
import { translator } from '../platform/i18n/i18n';
import type { TEmail } from './send-email-job';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * An e-mail that asks the person to follow one link (confirm an address, reset a password, sign in after someone
 * tried to sign up with their address), in their language,
 * with a plain-text part that carries the same link.
 */
export function renderActionEmail(input: {
  to: string;
  language: TLanguage;
  name: string;
  kind: 'confirm' | 'reset' | 'signUpAttempt';
  url: string;
}): TEmail {
  const t = translator(input.language);
  const k = `emails.${input.kind}` as const;
  const greeting = t('emails.greeting', { name: input.name });
  const lines = [t(`${k}.body`), t(`${k}.expiry`), t(`${k}.ignore`)];
  const text = [greeting, '', lines[0], '', `${t(`${k}.action`)}: ${input.url}`, '', lines[1], lines[2], '', t('emails.signature')].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lines[0] ?? '')}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#5b21b6;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t(`${k}.action`))}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(lines[1] ?? '')}<br>${escapeHtml(lines[2] ?? '')}</p>
<p>${escapeHtml(t('emails.signature'))}</p>
</body></html>`;
  return { to: input.to, subject: t(`${k}.subject`), text, html };
}
