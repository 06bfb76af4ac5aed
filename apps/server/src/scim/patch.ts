import { AppError } from '../platform/http/app-error';
import { keyOf, matches, parsePath, type AttributePath, type Filter } from './filter';

// A PATCH request (RFC 7644 §3.5.2) applied to a resource as the client sees it; the result is then saved as a PUT
// would save it, so PATCH and PUT keep one set of rules. Okta's and Microsoft Entra's shapes are both read: operation
// names in any case ("Replace"), `replace` without a path and a value object (whose keys may be paths themselves,
// "name.givenName"), a filtered path (`members[value eq "…"]`, `emails[type eq "work"].value`), and `remove` of
// `members` with the values to take out.

export type PatchOperation = { op: string; path?: string; value?: unknown };
type Resource = Record<string, unknown>;

/** The names of the core attributes, as a new key is written; an attribute the resource does not keep is dropped later. */
const CANONICAL = Object.fromEntries(
  [
    'userName',
    'externalId',
    'displayName',
    'name',
    'givenName',
    'familyName',
    'formatted',
    'emails',
    'active',
    'members',
    'value',
    'type',
    'primary',
    'display',
  ].map((name) => [name.toLowerCase(), name]),
);
const canonical = (name: string) => CANONICAL[name] ?? name;
/** An extension's attribute (the enterprise user's department, say): not kept here, so the operation changes nothing. */
const isExtension = (path: string) => /^urn:/i.test(path) && !/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i.test(path);

const invalidValue = () => new AppError('invalid_request', 'scim.invalidPatchValue');
const noTarget = () => new AppError('invalid_request', 'scim.noTarget');

export function applyPatch(resource: Resource, operations: readonly PatchOperation[]): Resource {
  const result = structuredClone(resource);
  for (const operation of operations) {
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new AppError('invalid_request', 'scim.invalidPatchOperation');
    if (operation.path === undefined || operation.path === '') {
      if (op === 'remove') throw noTarget();
      const value = operation.value;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidValue();
      for (const [key, item] of Object.entries(value as Resource)) {
        if (isExtension(key)) continue;
        apply(result, op, parsePath(key), item);
      }
      continue;
    }
    if (isExtension(operation.path)) continue;
    apply(result, op, parsePath(operation.path), operation.value);
  }
  return result;
}

function apply(resource: Resource, op: 'add' | 'replace' | 'remove', path: AttributePath, value: unknown): void {
  const key = keyOf(resource, path.attribute) ?? canonical(path.attribute);
  const current = resource[key];
  if (path.filter) return applyToElements(resource, key, op, path.filter, path.sub, value);
  if (path.sub) {
    if (op === 'remove') {
      if (current && typeof current === 'object' && !Array.isArray(current))
        delete (current as Resource)[keyOf(current as Resource, path.sub) ?? ''];
      return;
    }
    const parent = current && typeof current === 'object' && !Array.isArray(current) ? (current as Resource) : {};
    parent[keyOf(parent, path.sub) ?? canonical(path.sub)] = value;
    resource[key] = parent;
    return;
  }
  if (op === 'remove') {
    // Entra takes members out with `remove` of `members` and the values to take: only those go.
    if (Array.isArray(current) && Array.isArray(value)) {
      const gone = new Set(value.map(valueOf));
      resource[key] = current.filter((element) => !gone.has(valueOf(element)));
    } else delete resource[key];
    return;
  }
  if (op === 'add' && Array.isArray(current)) {
    const added: unknown[] = Array.isArray(value) ? value : [value];
    const known = new Set<unknown>(current.map(valueOf).filter((v) => v !== undefined));
    resource[key] = [...current, ...added.filter((element) => valueOf(element) === undefined || !known.has(valueOf(element)))];
    return;
  }
  // A multi-valued attribute added to a resource without it, or replaced: the given elements.
  resource[key] = value;
}

/** The elements of a multi-valued attribute that match the path's filter: changed, or taken out. */
function applyToElements(
  resource: Resource,
  key: string,
  op: 'add' | 'replace' | 'remove',
  filter: Filter,
  sub: string | undefined,
  value: unknown,
) {
  const elements = Array.isArray(resource[key]) ? (resource[key] as unknown[]) : [];
  const matching = elements.filter((element) => matches(element, filter));
  if (op === 'remove') {
    if (sub) for (const element of matching) delete (element as Resource)[keyOf(element as Resource, sub) ?? ''];
    else resource[key] = elements.filter((element) => !matching.includes(element));
    return;
  }
  if (matching.length === 0) {
    // `emails[type eq "work"].value` given when there is no work address yet: the element the filter describes.
    const described = describedBy(filter);
    if (!described) throw noTarget();
    resource[key] = [...elements, sub ? { ...described, [canonical(sub)]: value } : { ...described, ...(value as Resource) }];
    return;
  }
  for (const element of matching) {
    const target = element as Resource;
    if (sub) target[keyOf(target, sub) ?? canonical(sub)] = value;
    else if (value && typeof value === 'object') Object.assign(target, value);
    else throw invalidValue();
  }
}

/** The attributes a filter of `eq` tests joined by `and` says an element has ({ type: "work" }), or null. */
function describedBy(filter: Filter): Resource | null {
  if (filter.kind === 'compare' && filter.op === 'eq' && filter.path.length === 1) return { [canonical(filter.path[0]!)]: filter.value };
  if (filter.kind === 'and') {
    const left = describedBy(filter.left);
    const right = describedBy(filter.right);
    return left && right ? { ...left, ...right } : null;
  }
  return null;
}

/** A multi-valued attribute's element by its value (a group's member by id). */
const valueOf = (element: unknown): unknown =>
  element && typeof element === 'object' ? (element as Resource)[keyOf(element as Resource, 'value') ?? 'value'] : element;
