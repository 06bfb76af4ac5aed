/** What every request to Telnyx's API v2 needs (telnyx.ts sends faxes with it, telnyx-numbers.ts keeps numbers). */
export type TelnyxSettings = {
  apiUrl: string;
  /** The API V2 key of the Telnyx account (Bearer). */
  apiV2Key: string;
  connectionId: string;
  /** The account's public key as Telnyx's portal shows it: base64 of its 32 raw bytes. */
  publicKey: string;
};

/** Telnyx's words from its error body (`{ errors: [{ title, detail }] }`), for a refusal's message. */
export function telnyxErrorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { errors?: Array<{ title?: string; detail?: string }> };
    const first = body.errors?.[0];
    return (first?.detail ?? first?.title ?? text).slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}
