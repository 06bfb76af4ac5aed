import { AppError } from '../platform/http/app-error';

// SCIM's filter language (RFC 7644 §3.4.2.2) and the attribute paths of PATCH (§3.5.2): parsed into a small tree,
// then evaluated on the resources as the client sees them, so that every attribute a resource shows can be filtered on.

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le';
type Value = string | number | boolean | null;
export type Filter =
  | { kind: 'compare'; path: string[]; op: CompareOp; value: Value }
  | { kind: 'present'; path: string[] }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  /** `emails[type eq "work"]`, and Entra's `emails[type eq "work"].value eq "x"` (an element matching both). */
  | { kind: 'valuePath'; attribute: string; filter: Filter; then?: { sub: string; op: CompareOp | 'pr'; value: Value } };

/** A PATCH target: an attribute, a sub-attribute, the elements of a multi-valued one that match a filter, and so on. */
export type AttributePath = { attribute: string; filter?: Filter; sub?: string };

const OPS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);
/** The core schemas' URNs, which a client may put before an attribute's name. */
const SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;
/** Compared exactly; every other string attribute of the core schemas is compared without regard to case. */
const CASE_EXACT = new Set(['id', 'externalid', '$ref']);

type Token = { type: 'word' | 'string' | 'number' | '(' | ')' | '[' | ']'; text: string; value?: Value };

const invalidFilter = () => new AppError('invalid_request', 'scim.invalidFilter');
const invalidPath = () => new AppError('invalid_request', 'scim.invalidPath');

function tokenize(text: string, fail: () => AppError): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i += 1;
    else if ('()[]'.includes(c)) {
      tokens.push({ type: c as Token['type'], text: c });
      i += 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw fail();
      const raw = text.slice(i, j + 1);
      let value: string;
      try {
        value = JSON.parse(raw) as string;
      } catch {
        throw fail();
      }
      tokens.push({ type: 'string', text: raw, value });
      i = j + 1;
    } else {
      const match = /^[^\s()[\]"]+/.exec(text.slice(i))!;
      const word = match[0];
      if (/^-?\d+(\.\d+)?$/.test(word)) tokens.push({ type: 'number', text: word, value: Number(word) });
      else tokens.push({ type: 'word', text: word });
      i += word.length;
    }
  }
  return tokens;
}

/** An attribute's name without its schema's URN, in lower case, split at its sub-attribute: ["name", "givenname"]. */
function attributeNameOf(word: string, fail: () => AppError): string[] {
  const bare = word.replace(SCHEMA_PREFIX, '');
  if (!/^\$?[a-z][\w$-]*(\.[a-z][\w$-]*)?$/i.test(bare)) throw fail();
  return bare.toLowerCase().split('.');
}

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly fail: () => AppError,
  ) {}
  peek = () => this.tokens[this.at];
  next = () =>
    this.tokens[this.at++] ??
    (() => {
      throw this.fail();
    })();
  done = () => this.at >= this.tokens.length;
  private keyword(word: string) {
    const token = this.peek();
    return token?.type === 'word' && token.text.toLowerCase() === word;
  }

  or(): Filter {
    let left = this.and();
    while (this.keyword('or')) {
      this.next();
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }
  and(): Filter {
    let left = this.unary();
    while (this.keyword('and')) {
      this.next();
      left = { kind: 'and', left, right: this.unary() };
    }
    return left;
  }
  unary(): Filter {
    if (this.keyword('not')) {
      this.next();
      return { kind: 'not', filter: this.group() };
    }
    if (this.peek()?.type === '(') return this.group();
    return this.attributeExpression();
  }
  private group(): Filter {
    if (this.next().type !== '(') throw this.fail();
    const inner = this.or();
    if (this.next().type !== ')') throw this.fail();
    return inner;
  }
  private value(): Value {
    const token = this.next();
    if (token.type === 'string' || token.type === 'number') return token.value!;
    if (token.type === 'word' && ['true', 'false', 'null'].includes(token.text.toLowerCase()))
      return JSON.parse(token.text.toLowerCase()) as Value;
    throw this.fail();
  }
  private operator(): CompareOp | 'pr' {
    const token = this.next();
    const op = token.text.toLowerCase();
    if (token.type !== 'word' || !(OPS.has(op) || op === 'pr')) throw this.fail();
    return op as CompareOp | 'pr';
  }
  private attributeExpression(): Filter {
    const token = this.next();
    if (token.type !== 'word') throw this.fail();
    if (this.peek()?.type === '[') {
      const [attribute] = attributeNameOf(token.text, this.fail);
      this.next();
      const filter = this.or();
      if (this.next().type !== ']') throw this.fail();
      const rest = this.peek();
      // Entra: `emails[type eq "work"].value eq "…"`, the sub-attribute written as a word that starts with a dot.
      if (rest?.type === 'word' && rest.text.startsWith('.')) {
        this.next();
        const [sub] = attributeNameOf(rest.text.slice(1), this.fail);
        const op = this.operator();
        return { kind: 'valuePath', attribute: attribute!, filter, then: { sub: sub!, op, value: op === 'pr' ? null : this.value() } };
      }
      return { kind: 'valuePath', attribute: attribute!, filter };
    }
    const path = attributeNameOf(token.text, this.fail);
    const op = this.operator();
    if (op === 'pr') return { kind: 'present', path };
    return { kind: 'compare', path, op, value: this.value() };
  }
}

/** A `filter` query parameter as a tree; 400 `invalidFilter` when it is not one. */
export function parseFilter(text: string): Filter {
  const parser = new Parser(tokenize(text, invalidFilter), invalidFilter);
  const filter = parser.or();
  if (!parser.done()) throw invalidFilter();
  return filter;
}

/** A PATCH operation's `path`; 400 `invalidPath` when it is not one. */
export function parsePath(text: string): AttributePath {
  const tokens = tokenize(text, invalidPath);
  const [first, ...rest] = tokens;
  if (!first || first.type !== 'word') throw invalidPath();
  const name = attributeNameOf(first.text, invalidPath);
  if (rest.length === 0) return { attribute: name[0]!, ...(name[1] ? { sub: name[1] } : {}) };
  if (name.length > 1 || rest[0]!.type !== '[') throw invalidPath();
  const close = rest.findLastIndex((token) => token.type === ']');
  if (close < 1) throw invalidPath();
  const inner = new Parser(rest.slice(1, close), invalidPath);
  const filter = inner.or();
  if (!inner.done()) throw invalidPath();
  const after = rest.slice(close + 1);
  if (after.length === 0) return { attribute: name[0]!, filter };
  if (after.length !== 1 || after[0]!.type !== 'word' || !after[0]!.text.startsWith('.')) throw invalidPath();
  return { attribute: name[0]!, filter, sub: attributeNameOf(after[0]!.text.slice(1), invalidPath)[0]! };
}

/** The value of a key of an object, its name compared without regard to case (attribute names are, RFC 7643 §2.1). */
export function keyOf(object: Record<string, unknown>, name: string): string | undefined {
  return Object.keys(object).find((key) => key.toLowerCase() === name);
}

/** Every value at a path of a resource, multi-valued attributes flattened. */
function valuesAt(resource: unknown, path: readonly string[]): unknown[] {
  let current: unknown[] = [resource];
  for (const name of path) {
    current = current.flatMap((item) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) return [];
      const key = keyOf(item as Record<string, unknown>, name);
      const value = key === undefined ? undefined : (item as Record<string, unknown>)[key];
      return Array.isArray(value) ? value : value === undefined ? [] : [value];
    });
  }
  return current;
}

function compare(actual: unknown, op: CompareOp, expected: Value, attribute: string): boolean {
  // A multi-valued complex attribute compared directly means its `value` (RFC 7644 §3.4.2.2).
  if (actual !== null && typeof actual === 'object' && 'value' in actual) actual = (actual as { value: unknown }).value;
  if (typeof actual === 'string' && typeof expected === 'string') {
    const exact = CASE_EXACT.has(attribute);
    const a = exact ? actual : actual.toLowerCase();
    const b = exact ? expected : expected.toLowerCase();
    switch (op) {
      case 'eq':
        return a === b;
      case 'ne':
        return a !== b;
      case 'co':
        return a.includes(b);
      case 'sw':
        return a.startsWith(b);
      case 'ew':
        return a.endsWith(b);
      case 'gt':
        return a > b;
      case 'lt':
        return a < b;
      case 'ge':
        return a >= b;
      case 'le':
        return a <= b;
    }
  }
  if (op === 'eq') return actual === expected;
  if (op === 'ne') return actual !== expected;
  if (typeof actual === 'number' && typeof expected === 'number')
    return op === 'gt'
      ? actual > expected
      : op === 'lt'
        ? actual < expected
        : op === 'ge'
          ? actual >= expected
          : op === 'le'
            ? actual <= expected
            : false;
  return false;
}

const present = (value: unknown) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Whether a resource (or an element of a multi-valued attribute) matches the filter. */
export function matches(resource: unknown, filter: Filter): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(resource, filter.left) && matches(resource, filter.right);
    case 'or':
      return matches(resource, filter.left) || matches(resource, filter.right);
    case 'not':
      return !matches(resource, filter.filter);
    case 'present':
      return valuesAt(resource, filter.path).some(present);
    case 'compare': {
      const values = valuesAt(resource, filter.path);
      const attribute = filter.path[filter.path.length - 1]!;
      // `ne` holds when no value equals (an absent attribute is not equal to anything).
      if (filter.op === 'ne') return !values.some((value) => compare(value, 'eq', filter.value, attribute));
      return values.some((value) => compare(value, filter.op, filter.value, attribute));
    }
    case 'valuePath': {
      const elements = valuesAt(resource, [filter.attribute]).filter((element) => matches(element, filter.filter));
      const then = filter.then;
      if (!then) return elements.length > 0;
      return elements.some((element) => {
        const values = valuesAt(element, [then.sub]);
        if (then.op === 'pr') return values.some(present);
        return values.some((value) => compare(value, then.op as CompareOp, then.value, then.sub));
      });
    }
  }
}
