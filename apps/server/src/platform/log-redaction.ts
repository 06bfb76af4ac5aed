/**
 * What keeps secrets out of the logs (decision 067). A link's token is its holder's authority (a password reset takes
 * over the account for an hour), so every log line is rewritten, as it is written, by one rule: in each URL or request
 * path, query values, fragments and user:password@ go, and so does any path segment shaped like a token; elsewhere in
 * the line, credentials after `Bearer`/`Basic` and prefixed secrets (`fl_live_…`, `whsec_…`) go. Ids that open
 * nothing without a session (UUIDs, phone numbers, route words) stay, so that operators can still follow a request.
 */
export const REDACTED = '[redacted]';

/** A row's id: an identifier, never a capability (decision 067: no secret may be shaped as a UUID). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Runs of the characters tokens are written in: base64, base64url and hex, and the dots that join signed tokens' parts are left out. */
const RUN = /[A-Za-z0-9+/=_-]+/g;
/** The shortest run that can hold a secret worth guarding (96 bits in base64url): shorter ones are left alone. */
const TOKEN_LENGTH = 16;
/** Words and short numbers joined by `-`, `_` or `/`, as route names and file paths are written: not random. */
const WORDS = /^(?:[a-z]+[0-9]*|[0-9]{1,4})(?:[-_/](?:[a-z]+[0-9]*|[0-9]{1,4}))*$/;

const tokenShaped = (run: string) => run.length >= TOKEN_LENGTH && !UUID.test(run) && !WORDS.test(run);

function decoded(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** True when a path segment or query name holds a token: a long run that is neither words nor a UUID. */
export function holdsToken(segment: string): boolean {
  if (segment.length < TOKEN_LENGTH || UUID.test(segment)) return false;
  for (const [run] of decoded(segment).matchAll(RUN)) if (tokenShaped(run)) return true;
  return false;
}

const safeSegment = (segment: string) => (holdsToken(segment) ? REDACTED : segment);

/** The query's names (those that are not tokens themselves), every value replaced. */
function safeQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals < 0 ? safeSegment(name) : `${safeSegment(name)}=${REDACTED}`;
    })
    .join('&');
}

/** `scheme://` or `//`, then the authority: where a URL names its host (and may carry user:password@). */
const AUTHORITY = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)([^/?#]*)/i;

/** The path's segments, each kept or redacted; a path too short to hold a token is not even split. */
const safePath = (path: string) => (path.length < TOKEN_LENGTH ? path : path.split('/').map(safeSegment).join('/'));

/**
 * A URL or request target as it may be logged: `https://user:pw@host/media/<token>?token=abc#x` becomes
 * `https://[redacted]@host/media/[redacted]?token=[redacted]#[redacted]`.
 */
export function safeUrl(url: string): string {
  const authority = url.startsWith('/') && url[1] !== '/' ? null : AUTHORITY.exec(url);
  const origin = authority ? authority[1]! + safeAuthority(authority[2]!) : '';
  const rest = authority ? url.slice(authority[0].length) : url;
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  return (
    origin +
    safePath(path) +
    (question < 0 ? '' : `?${safeQuery(beforeHash.slice(question + 1))}`) +
    (hash < 0 || hash === rest.length - 1 ? '' : `#${REDACTED}`)
  );
}

function safeAuthority(authority: string): string {
  const at = authority.lastIndexOf('@');
  return at < 0 ? authority : `${REDACTED}${authority.slice(at)}`;
}

// Where a URL ends in a log line: white space, quotes, angle brackets, a backslash (a JSON escape) or a parenthesis
// (a stack frame's file). A query or fragment runs on over escaped quotes and backslashes, so no piece of it stays.
const END = String.raw`\s"'<>\x60\\`;
const PATH = String.raw`[^${END}()?#]*`;
const TAIL = String.raw`(?:[?#](?:\\["\\/]|[^${END}])*)?`;
/**
 * Each regular expression starts with a literal character, so that a line is skimmed, not tried at every position
 * (the logger runs them on every line).
 */
const URLS_IN_TEXT = new RegExp(
  [
    // A path, or the `//host/path` of an absolute URL (its scheme is kept as it is), where a path can start: a JSON
    // string, after a space, `GET:`, `(`, `=`...
    String.raw`\/(?<=(?:^|[${END}(=:,\[{])\/)${PATH}${TAIL}`,
    // A query string cut from its path (`reset-password?token=…`, a logged `search`).
    String.raw`\?(?=[A-Za-z0-9_.%\[\]-]+=)(?:\\["\\/]|[^${END}])*`,
  ].join('|'),
  'g',
);
/** An HTTP credential written out in text (`Authorization: Bearer …`); the case is the header's, not prose's. */
const CREDENTIAL = /\b(Bearer|Basic)(\s+)[A-Za-z0-9+/=._~-]{12,}/g;
/** A run that starts as a prefixed key does (`fl_live_`, `whsec_`, `sk_live_`): lowercase words, each ending in `_`. */
const PREFIXED = /_(?<=(?<![A-Za-z0-9+/=_-])(?:[a-z]{2,8}_)+)(?![a-z]{2,8}_)([A-Za-z0-9+/=_-]+)/g;

const redactUrls = (line: string) =>
  line.replace(URLS_IN_TEXT, (url) => (url.startsWith('?') ? `?${safeQuery(url.slice(1))}` : safeUrl(url)));

/**
 * A log line (pino's JSON, or any text) with every URL passed through `safeUrl` and every written-out credential
 * replaced. The one place a line is made safe: the logger runs it on each line it writes (platform/logger.ts).
 */
export function redactLogLine(line: string): string {
  let safe = line.includes('/') || line.includes('?') ? redactUrls(line) : line;
  if (safe.includes('Bearer') || safe.includes('Basic'))
    safe = safe.replace(CREDENTIAL, (_match, scheme: string, space: string) => `${scheme}${space}${REDACTED}`);
  if (safe.includes('_')) safe = safe.replace(PREFIXED, (run, key: string) => (tokenShaped(key) ? `_${REDACTED}` : run));
  return safe;
}
