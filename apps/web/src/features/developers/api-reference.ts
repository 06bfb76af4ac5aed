import { API_RATE_LIMIT } from '@faxline/shared';

/**
 * The planned public API, v1 (spec 000 §3, §7, §8): samples and reference data for /developers and /api-documentation.
 * Code, field names and HTTP texts stay in English in every language, as in any API reference.
 */
export const API_BASE_URL = 'https://api.faxline.example/v1';
export const RATE_LIMIT = API_RATE_LIMIT;

export const ENDPOINTS = [
  { method: 'POST', path: '/v1/faxes', key: 'send', anchor: 'send-a-fax' },
  { method: 'GET', path: '/v1/faxes/{fax_id}', key: 'get', anchor: 'retrieve-a-fax' },
  { method: 'GET', path: '/v1/faxes', key: 'list', anchor: 'list-faxes' },
] as const;

export const STATUS_CODES = [
  { code: 200, text: 'OK' },
  { code: 201, text: 'Created' },
  { code: 202, text: 'Accepted' },
  { code: 400, text: 'Bad Request' },
  { code: 401, text: 'Unauthorized' },
  { code: 403, text: 'Forbidden' },
  { code: 404, text: 'Not Found' },
  { code: 429, text: 'Too Many Requests' },
  { code: 500, text: 'Internal Server Error' },
] as const;

export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

export const CLIENT_LIBRARIES = ['PHP', 'Python', 'Node.js', 'Java', 'Ruby', '.NET'] as const;

export const SAMPLES = {
  authHeader: 'Authorization: Bearer YOUR_API_KEY',

  sendJson: `curl -X POST ${API_BASE_URL}/faxes \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "recipient": "+16045550123",
    "file_url": "https://example.com/documents/referral.pdf",
    "send_time": "2025-07-01T15:30:00Z",
    "cover_page": {
      "enabled": true,
      "subject": "Patient referral",
      "notes": "Please call us on receipt."
    }
  }'`,

  sendMultipart: `curl -X POST ${API_BASE_URL}/faxes \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -F "recipient=+16045550123" \\
  -F "file=@referral.pdf" \\
  -F 'cover_page={"enabled":true,"subject":"Patient referral"}'`,

  sendResponse: `HTTP/1.1 202 Accepted
Content-Type: application/json

{
  "fax_id": "fax_7Kq2mX9pLw",
  "status": "queued",
  "message": "Fax queued for delivery."
}`,

  getRequest: `curl ${API_BASE_URL}/faxes/fax_7Kq2mX9pLw \\
  -H "Authorization: Bearer YOUR_API_KEY"`,

  getResponse: `HTTP/1.1 200 OK
Content-Type: application/json

{
  "fax_id": "fax_7Kq2mX9pLw",
  "status": "delivered",
  "recipient": "+16045550123",
  "pages": 3,
  "created_at": "2025-07-01T15:30:00Z",
  "completed_at": "2025-07-01T15:31:12Z",
  "failure_reason": null
}`,

  listRequest: `curl "${API_BASE_URL}/faxes?status=failed&sort=-created_at&page=1&per_page=25" \\
  -H "Authorization: Bearer YOUR_API_KEY"`,

  listResponse: `HTTP/1.1 200 OK
Content-Type: application/json

{
  "data": [
    {
      "fax_id": "fax_3Vn8cR1tQe",
      "status": "failed",
      "recipient": "+442079460000",
      "pages": 2,
      "created_at": "2025-06-30T09:12:44Z",
      "failure_reason": "busy"
    }
  ],
  "page": 1,
  "per_page": 25,
  "total": 1
}`,

  rateLimitHeaders: `HTTP/1.1 200 OK
X-RateLimit-Limit: ${API_RATE_LIMIT.max}
X-RateLimit-Remaining: 97
X-RateLimit-Reset: 1751383920`,

  error401: `HTTP/1.1 401 Unauthorized
Content-Type: application/json

{
  "error": {
    "type": "authentication_error",
    "message": "Invalid API key provided."
  }
}`,

  error429: `HTTP/1.1 429 Too Many Requests
X-RateLimit-Limit: ${API_RATE_LIMIT.max}
X-RateLimit-Remaining: 0
X-RateLimit-Reset: 1751383920

{
  "error": {
    "type": "rate_limit_error",
    "message": "Rate limit exceeded. Try again after the reset time."
  }
}`,
} as const;
