import { invalidParam, missingParam, StripeApiError } from './errors';
import type { FormObject, FormValue } from './form';

/**
 * Readers of a request's parameters by name, each failing the way Stripe does. `name` is the parameter's full name in
 * Stripe's notation (`subscription_data[metadata]`), used in the error; `params` is the object that holds it. The
 * endpoints read them as one namespace, `param.optionalString(params, 'customer')`.
 */
export type Params = FormObject;

/**
 * Refuses a parameter the endpoint does not know, as Stripe does: a misspelt or unsupported parameter must fail here as
 * it would against Stripe, not pass silently. Only the top level is checked.
 */
export function rejectUnknownParams(params: Params, known: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!known.includes(key) && key !== 'expand') {
      throw new StripeApiError(`Received unknown parameter: ${key}`, { status: 400, code: 'parameter_unknown', param: key });
    }
  }
}

export function optionalString(params: Params, key: string, name = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name} must be a string`);
  return value;
}

export function requiredString(params: Params, key: string, name = key): string {
  const value = optionalString(params, key, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function optionalInteger(params: Params, key: string, name = key): number | undefined {
  const value = optionalString(params, key, name);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidParam(name, `Invalid integer: ${value}`);
  return Number(value);
}

export function optionalDecimal(params: Params, key: string, name = key): number | undefined {
  const value = optionalString(params, key, name);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw invalidParam(name, `Invalid decimal: ${value}`);
  return Number(value);
}

export function optionalBoolean(params: Params, key: string, name = key): boolean | undefined {
  const value = optionalString(params, key, name);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
}

export function optionalObject(params: Params, key: string, name = key): Params | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(name, `Invalid object: ${name} must be a hash`);
  return value;
}

export function optionalArray(params: Params, key: string, name = key): FormValue[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalidParam(name, `Invalid array: ${name} must be an array`);
  return value;
}

/** An array of hashes such as `line_items[0][price]`. */
export function optionalObjectArray(params: Params, key: string, name = key): Params[] | undefined {
  const items = optionalArray(params, key, name);
  return items?.map((item, index) => {
    if (typeof item !== 'object' || Array.isArray(item)) throw invalidParam(`${name}[${index}]`, `Invalid object: ${name}[${index}]`);
    return item;
  });
}

export function optionalStringArray(params: Params, key: string, name = key): string[] | undefined {
  const items = optionalArray(params, key, name);
  return items?.map((item, index) => {
    if (typeof item !== 'string') throw invalidParam(`${name}[${index}]`, `Invalid string: ${name}[${index}]`);
    return item;
  });
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidParam(name, `Invalid ${name}: must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/**
 * Metadata as Stripe merges it on update: each given key is set, a key given empty is removed, and `metadata=` (the
 * whole hash empty) clears every key.
 */
export function mergedMetadata(current: Record<string, string>, params: Params, key = 'metadata'): Record<string, string> {
  const value = params[key];
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object') throw invalidParam(key, `Invalid object: ${key} must be a hash`);
  const next = { ...current };
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidParam(`${key}[${name}]`, `Invalid string: ${key}[${name}]`);
    if (entry === '') delete next[name];
    else next[name] = entry;
  }
  return next;
}

/** The `expand[]` list of a request. */
export function expandList(params: Params): string[] {
  return optionalStringArray(params, 'expand') ?? [];
}
