import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { TConfig } from '../platform/config';
import { installationSecretOf } from '../platform/local-secret';

type SecretConfig = Pick<TConfig, 'authSecret' | 'dataDir'>;

/**
 * An OIDC client secret as it is stored: sealed with the installation secret, as the FHIR tokens and the back office's
 * credentials are, so that a copy of the database alone opens none of them.
 */
export async function sealSsoSecret(config: SecretConfig, secret: string): Promise<string> {
  return symmetricEncrypt({ key: await installationSecretOf(config), data: secret });
}

export async function openSsoSecret(config: SecretConfig, sealed: string): Promise<string> {
  return symmetricDecrypt({ key: await installationSecretOf(config), data: sealed });
}
