import { API_RATE_LIMIT } from '../constants';
import { API_KEY_PREFIX } from '../contracts/api-keys';
import { apiErrorDocPath } from '../web-paths';

const KEY = '$FAXLINE_API_KEY';
/**
 * A fresh Idempotency-Key in any stock shell: 16 random bytes in hex, by od and tr, which POSIX has (uuidgen is
 * missing from a stock Debian).
 */
export const NEW_IDEMPOTENCY_KEY = `$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')`;
/**
 * An hour from now, in UTC: macOS's date (BSD) says it with -v, Debian's (GNU) with -d; the one that fails is silent.
 * A fixed time in a sample would be in the past, and refused, later in the day.
 */
export const IN_AN_HOUR = `$(date -u -v+1H +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -d '+1 hour' +%Y-%m-%dT%H:%M:%SZ)`;

/**
 * The documentation's samples (/developers, /api-documentation), with a server's API address in them (`base`, …/v1):
 * here, beside the contracts, so that a test runs the curl ones in bash against a running server
 * (apps/server/test/integration/public-api-quality.test.ts). Code, field names and HTTP texts stay in English.
 */
export function v1Samples(base: string) {
  const docUrl = (code: string) => `${base.replace(/\/v1$/, '')}${apiErrorDocPath(code)}`;
  return {
    authHeader: 'Authorization: Bearer YOUR_API_KEY',
    keyExport: `export FAXLINE_API_KEY="${API_KEY_PREFIX}…"   # from /user/api-keys`,

    // The spec's sample request (spec 000 §3): a document fetched from an https address, a send time (an hour from
    // whenever it is run, filled in by the shell), a cover page.
    sendSpec: `curl -X POST ${base}/faxes \\
  -H "Authorization: Bearer ${KEY}" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: ${NEW_IDEMPOTENCY_KEY}" \\
  -d '{
    "recipient": "+15550100000",
    "file_url": "https://example.com/documents/referral.pdf",
    "send_time": "'"${IN_AN_HOUR}"'",
    "cover_page": {
      "enabled": true,
      "subject": "Patient referral",
      "notes": "Please call us on receipt."
    }
  }'`,

    sendJson: `curl -X POST ${base}/faxes \\
  -H "Authorization: Bearer ${KEY}" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: ${NEW_IDEMPOTENCY_KEY}" \\
  -d '{
    "recipient": "+15550100000",
    "files": [{ "name": "letter.pdf", "content": "'"$(base64 < letter.pdf | tr -d '\\n')"'" }],
    "cover_page": { "enabled": true, "subject": "Your letter" }
  }'`,

    sendMultipart: `curl -X POST ${base}/faxes \\
  -H "Authorization: Bearer ${KEY}" \\
  -H "Idempotency-Key: ${NEW_IDEMPOTENCY_KEY}" \\
  -F recipient=+15550100000 \\
  -F file=@letter.pdf`,

    sendResponse: `HTTP/1.1 202 Accepted
Content-Type: application/json

{
  "fax_id": "0b6f3c1e-5d7a-4a8e-9f21-3c4d5e6f7a8b",
  "status": "queued",
  "message": "Fax queued for delivery.",
  "to": "+15550100000"
}`,

    getRequest: `curl ${base}/faxes/0b6f3c1e-5d7a-4a8e-9f21-3c4d5e6f7a8b \\
  -H "Authorization: Bearer ${KEY}"`,

    listRequest: `curl "${base}/faxes?status=failed&limit=25" \\
  -H "Authorization: Bearer ${KEY}"

# The answer is { "data": [...], "next_cursor": "…" }: ask for the next page with it, until it is null.
curl "${base}/faxes?status=failed&limit=25&cursor=NEXT_CURSOR" \\
  -H "Authorization: Bearer ${KEY}"`,

    cancelRequest: `curl -X POST ${base}/faxes/0b6f3c1e-5d7a-4a8e-9f21-3c4d5e6f7a8b/cancel \\
  -H "Authorization: Bearer ${KEY}" \\
  -H "Idempotency-Key: ${NEW_IDEMPOTENCY_KEY}"`,

    rateLimitHeaders: `HTTP/1.1 200 OK
X-RateLimit-Limit: ${API_RATE_LIMIT.max}
X-RateLimit-Remaining: 97
X-RateLimit-Reset: 1796137260`,

    replayHeaders: `HTTP/1.1 202 Accepted
Idempotent-Replayed: true`,

    error401: `HTTP/1.1 401 Unauthorized
Content-Type: application/json

{
  "error": {
    "type": "authentication_error",
    "message": "Invalid API key provided.",
    "code": "errors.invalidApiKey",
    "doc_url": "${docUrl('errors.invalidApiKey')}"
  }
}`,

    error400: `HTTP/1.1 400 Bad Request
Content-Type: application/json

{
  "error": {
    "type": "invalid_request_error",
    "message": "Please enter a valid recipient fax number in E.164 format (e.g., +15551234567).",
    "code": "errors.invalidRecipient",
    "doc_url": "${docUrl('errors.invalidRecipient')}",
    "param": "recipient"
  }
}`,

    error429: `HTTP/1.1 429 Too Many Requests
Retry-After: 12
X-RateLimit-Limit: ${API_RATE_LIMIT.max}
X-RateLimit-Remaining: 0
X-RateLimit-Reset: 1796137260

{
  "error": {
    "type": "rate_limit_error",
    "message": "Too many requests: this key may make ${API_RATE_LIMIT.max} requests per minute. Try again in 12 seconds.",
    "code": "errors.apiRateLimited",
    "doc_url": "${docUrl('errors.apiRateLimited')}"
  }
}`,
  };
}
