import { createHash } from 'node:crypto';
import pg from 'pg';

/** Statements one connection keeps prepared at most; past them, a new text is sent unnamed, as before. */
export const MAX_PREPARED_PER_CONNECTION = 200;
/** Texts whose names are remembered (a name is otherwise hashed again at each run). */
const MAX_REMEMBERED_NAMES = 2_000;

const names = new Map<string, string>();

/** A statement's name: a hash of its text, so that every connection and process names one text alike. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `faxline_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (names.size < MAX_REMEMBERED_NAMES) names.set(text, name);
  }
  return name;
}

const isQueryConfig = (value: unknown): value is pg.QueryConfig =>
  typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string' && !('submit' in value);

/**
 * A connection that keeps every statement with parameters prepared under a name of its text: PostgreSQL parses and
 * plans it once on the connection, and runs its kept plan after, instead of parsing and planning at every run. A
 * fax costs about a hundred statements of a few dozen texts, and this halved what PostgreSQL spends on them (decision
 * 138). The connections' own pools use it (`Client` of pg's Pool); a statement without parameters (`BEGIN`, a
 * migration's several statements) goes as before. Like job locks and `LISTEN`, prepared statements are the
 * connection's own state, which is why PgBouncer may only stand in front in session mode.
 */
export class PreparingClient extends pg.Client {
  /** The names sent on this connection, to keep it to MAX_PREPARED_PER_CONNECTION statements. */
  readonly #named = new Set<string>();

  override query = ((...args: unknown[]) => {
    const run = super.query as (...args: unknown[]) => unknown;
    return run.apply(this, this.#withName(args));
  }) as pg.Client['query'];

  /** pg's arguments (text or config, then values, then a callback) with the config named, where it may be. */
  #withName(args: unknown[]): unknown[] {
    const [first, second, ...rest] = args;
    let config: pg.QueryConfig;
    let after: unknown[];
    if (typeof first === 'string' && Array.isArray(second)) [config, after] = [{ text: first, values: second }, rest];
    else if (isQueryConfig(first) && Array.isArray(second)) [config, after] = [{ ...first, values: second }, rest];
    else if (isQueryConfig(first)) [config, after] = [first, args.slice(1)];
    else return args;
    if (config.name || !config.values?.length) return args;
    const name = nameOf(config.text);
    if (!this.#named.has(name)) {
      if (this.#named.size >= MAX_PREPARED_PER_CONNECTION) return args;
      this.#named.add(name);
    }
    return [{ ...config, name }, ...after];
  }
}
