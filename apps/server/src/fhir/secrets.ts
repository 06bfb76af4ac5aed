import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { TConfig } from '../platform/config';
import { installationSecretOf } from '../platform/local-secret';

type SecretConfig = Pick<TConfig, 'authSecret' | 'dataDir'>;

/**
 * A FHIR connection's token or private key as it is stored: sealed with the installation secret, as the webhooks'
 * signing secrets and the back office's credentials are, so that a copy of the database alone opens none of them.
 */
export async function sealFhirSecret(config: SecretConfig, secret: string): Promise<string> {
  return symmetricEncrypt({ key: await installationSecretOf(config), data: secret });
}

export async function openFhirSecret(config: SecretConfig, sealed: string): Promise<string> {
  return symmetricDecrypt({ key: await installationSecretOf(config), data: sealed });
}
