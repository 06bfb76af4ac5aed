/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with brackets for nesting, as stripe-node writes it
 * (`line_items[0][price]=price_x`, `metadata[account_id]=a1`, `expand[0]=subscription`) and as curl users write it
 * (`expand[]=subscription`). Brackets may arrive encoded (`%5B`) or not.
 */
export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

export class FormError extends Error {}

/** Parses a form body or a query string (without its `?`) into nested objects and arrays. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    setPath(root, keyPath(decodeComponent(rawKey)), decodeComponent(rawValue));
  }
  return arraysFromIndexes(root) as FormObject;
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new FormError(`Invalid percent-encoding in the request: ${text}`);
  }
}

/** `a[b][0][]` becomes `['a', 'b', '0', '']`; an empty segment means "append". */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) break;
    segments.push(match[1] ?? '');
    consumed = match.index + match[0].length;
  }
  if (consumed !== rest.length || segments[0] === '') throw new FormError(`Invalid parameter name: ${key}`);
  return segments;
}

function setPath(root: FormObject, path: string[], value: string): void {
  let node = root;
  for (let i = 0; i < path.length; i += 1) {
    const segment = path[i] === '' ? String(Object.keys(node).length) : path[i]!;
    if (i === path.length - 1) {
      if (typeof node[segment] === 'object') throw new FormError(`Parameter ${path[0]} is given both as a value and as a hash`);
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next === 'string') throw new FormError(`Parameter ${path[0]} is given both as a value and as a hash`);
    if (next === undefined) node[segment] = {};
    node = node[segment] as FormObject;
  }
}

/** Objects whose keys are all indexes (`0`, `1`, …) become arrays in index order, at every depth. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndexes(value[key]!);
  const isIndexed = keys.length > 0 && keys.every((key) => /^(0|[1-9]\d*)$/.test(key));
  if (!isIndexed) return value;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => value[String(index)]!);
}
