import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

/**
 * A browser's side of a Web Push subscription, for tests that stand in for the browser and its push service: the
 * P-256 key pair and auth secret a browser makes (RFC 8291 §2), and the decryption of what arrives (aes128gcm,
 * RFC 8188), written here with node:crypto so that the server's encryption is checked by other code than its own.
 */
export type PushKeys = { ecdh: ECDH; p256dh: string; auth: string };

export function newPushKeys(): PushKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The plaintext of one aes128gcm push body: one record, its padding delimiter 2 (the last record) and zeros after. */
export function decryptPush(body: Buffer, keys: PushKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('a push of more than one record');

  const userAgentPublicKey = keys.ecdh.getPublicKey();
  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgentPublicKey, serverPublicKey]);
  const inputKey = Buffer.from(hkdfSync('sha256', sharedSecret, Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
