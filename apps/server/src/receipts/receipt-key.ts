import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { SystemSettings } from '../system-settings/system-settings';
import { receiptKeyId } from './receipt-signature';

/** Where the signing key lives: the platform's encrypted settings, under a name the back office never shows. */
const KEY_SETTING = 'receiptSigningKey';

export type ReceiptKey = { id: string; privateKey: KeyObject; publicKey: KeyObject };

/** The installation's Ed25519 key for transmission reports, made the first time one is signed. */
export async function receiptSigningKey(systemSettings: Pick<SystemSettings, 'ownSecret'>): Promise<ReceiptKey> {
  const pem = await systemSettings.ownSecret(KEY_SETTING, () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  return { id: receiptKeyId(publicKey), privateKey, publicKey };
}
