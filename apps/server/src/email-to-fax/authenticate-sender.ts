import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import type { TEmailAuthPolicy } from '@faxline/shared';
import { authenticate, spf, type AuthenticateResult, type DNSResolver } from 'mailauth';

/** A message's SPF, DKIM and DMARC results, as the audit trail keeps them, and whether they prove its sender. */
export type SenderAuthentication = {
  spf: string;
  dkim: string;
  dmarc: string;
  /** DMARC passed; or, where the domain publishes no DMARC policy, SPF passed or a signature of the From domain did. */
  passed: boolean;
};

/**
 * Checks the message's sender with mailauth: SPF for the envelope sender and the client's address,
 * DKIM signatures, DMARC for the From domain. Nothing is checked under the policy "off".
 */
export async function authenticateSender(
  message: Readable,
  session: { ip: string; helo: string; sender: string },
  options: { policy: TEmailAuthPolicy; mta: string; resolver?: DNSResolver },
): Promise<SenderAuthentication | null> {
  if (options.policy === 'off') return null;
  const result = await authenticate(message, {
    ip: session.ip,
    helo: session.helo,
    sender: session.sender,
    mta: options.mta,
    disableArc: true,
    disableBimi: true,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  return verdictOf(result);
}

/**
 * SPF alone, from the envelope, before the message's data (decision 066): `fail` when the sender's domain says that
 * this client may not send for it. HELO as mailauth's `authenticate` takes it (the client's address when missing).
 */
export async function envelopeSpf(
  session: { ip: string; helo: string; sender: string },
  options: { mta: string; resolver?: DNSResolver },
): Promise<string> {
  const helo = !session.helo ? `[${session.ip}]` : isIP(session.helo) ? `[${session.helo}]` : session.helo;
  const result = await spf({
    sender: session.sender,
    ip: session.ip,
    helo,
    mta: options.mta,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  return result.status.result;
}

function verdictOf({ spf, dkim, dmarc }: AuthenticateResult): SenderAuthentication {
  const spfResult = spf ? spf.status.result : 'none';
  const fromDomain = (dkim.headerFrom[0] ?? '').split('@').pop()?.toLowerCase() ?? '';
  const signedByFrom = dkim.results.some(
    (signature) =>
      signature.status.result === 'pass' &&
      (fromDomain === signature.signingDomain.toLowerCase() || fromDomain.endsWith(`.${signature.signingDomain.toLowerCase()}`)),
  );
  // The best of its signatures: one that passes, or the first that was there to check; none without a signature.
  const checked = dkim.results.map((signature) => signature.status.result).filter((result) => result !== 'none');
  const dkimResult = checked.includes('pass') ? 'pass' : (checked[0] ?? 'none');
  const dmarcResult = dmarc ? dmarc.status.result : 'none';
  const passed = dmarc && dmarcResult !== 'none' ? dmarcResult === 'pass' : spfResult === 'pass' || signedByFrom;
  return { spf: spfResult, dkim: dkimResult, dmarc: dmarcResult, passed };
}
