import { createECDH, createHash } from 'node:crypto';
import type { TConfig } from '../platform/config';
import { tokenKeyOf } from '../platform/signed-token';

/** The application server's VAPID key pair (RFC 8292), base64url as web-push takes it, and the contact it names. */
export type VapidDetails = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID key pair, derived from the installation's secret (decision 133): nothing to generate, store or configure,
 * the same in every process and after every restart, for as long as the secret that also keeps sessions is kept. A
 * P-256 private key is a number below the curve's order; a derived value above it (one in 2^32) is hashed again.
 */
export async function vapidDetailsOf(config: Pick<TConfig, 'authSecret' | 'dataDir' | 'publicUrl' | 'mailFrom'>): Promise<VapidDetails> {
  let candidate = await tokenKeyOf(config, 'web-push-vapid');
  for (;;) {
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(candidate);
    } catch {
      candidate = createHash('sha256').update(candidate).digest();
      continue;
    }
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: candidate.toString('base64url'),
      subject: subjectOf(config),
    };
  }
}

/**
 * Whom a push service may contact about this sender: the site when it is on https, else the address e-mails come from
 * (push services take only https: and mailto:).
 */
function subjectOf(config: Pick<TConfig, 'publicUrl' | 'mailFrom'>): string {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom ?? '')?.[1] ?? config.mailFrom?.trim();
  return `mailto:${address && address.includes('@') ? address : `push@${new URL(config.publicUrl).hostname}`}`;
}
