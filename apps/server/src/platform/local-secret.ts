import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret made on first start and kept in the data folder, readable by this user only: the embedded defaults need
 * no configuration, and the secret survives restarts.
 */
export async function readOrCreateLocalSecret(file: string): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': of two processes starting at once, one writes and the other reads what it wrote.
  await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await fs.readFile(file, 'utf8')).trim();
}

const localSecrets = new Map<string, Promise<string>>();

/**
 * The installation's secret: AUTH_SECRET, or the one made beside the data on first start. Sessions, signed tokens and
 * the settings' stored credentials all hang on it.
 */
export function installationSecretOf(config: { authSecret?: string | undefined; dataDir: string }): Promise<string> {
  if (config.authSecret) return Promise.resolve(config.authSecret);
  // Read once per data folder: it is asked for at every carrier lookup.
  const file = path.join(config.dataDir, 'auth.secret');
  let secret = localSecrets.get(file);
  if (!secret) {
    secret = readOrCreateLocalSecret(file);
    localSecrets.set(file, secret);
    secret.catch(() => localSecrets.delete(file));
  }
  return secret;
}
