import { StripeApiError } from './errors';

/**
 * Replaces ids with the objects they name along each `expand[]` path, as Stripe does: `subscription`,
 * `subscription.latest_invoice`, and for lists `data.customer`. Works on a copy; the kept objects stay as they are.
 */
export function expandPaths(value: object, paths: string[], objectById: (id: string) => object | undefined): object {
  const copy = structuredClone(value);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) throw cannotExpand(path, 'You cannot expand more than 4 levels of a property.');
    expandAlong(copy, segments, path, objectById);
  }
  return copy;
}

function expandAlong(node: unknown, segments: string[], path: string, objectById: (id: string) => object | undefined): void {
  if (Array.isArray(node)) {
    for (const element of node) expandAlong(element, segments, path, objectById);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const [key, ...rest] = segments;
  const holder = node as Record<string, unknown>;
  if (key === undefined || !(key in holder)) throw cannotExpand(path);
  let child = holder[key];
  if (typeof child === 'string') {
    const found = objectById(child);
    if (!found) throw cannotExpand(path);
    child = structuredClone(found);
    holder[key] = child;
  }
  if (rest.length > 0) expandAlong(child, rest, path, objectById);
}

function cannotExpand(path: string, message = `This property cannot be expanded (${path}).`): StripeApiError {
  return new StripeApiError(message, { status: 400, param: 'expand' });
}
