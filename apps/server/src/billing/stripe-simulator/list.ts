import { invalidParam } from './errors';
import { optionalInteger, optionalString, type Params } from './params';
import { listOf, type Identified, type WireList } from './wire';

/**
 * One page of a list, newest first as Stripe's lists are: `limit` (1 to 100, 10 by default), and the cursors
 * `starting_after` / `ending_before` that stripe-node's auto-pagination sends.
 */
export function pageOf<T extends Identified>(oldestFirst: T[], params: Params, url: string): WireList<T> {
  const items = [...oldestFirst].reverse();
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidParam('limit', 'limit must be between 1 and 100.');
  const after = optionalString(params, 'starting_after');
  const before = optionalString(params, 'ending_before');
  if (before) {
    const end = indexOf(items, before, 'ending_before');
    const start = Math.max(0, end - limit);
    return listOf(items.slice(start, end), url, start > 0);
  }
  const start = after ? indexOf(items, after, 'starting_after') + 1 : 0;
  return listOf(items.slice(start, start + limit), url, start + limit < items.length);
}

function indexOf(items: Identified[], id: string, param: string): number {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) throw invalidParam(param, `No such object: '${id}'`);
  return index;
}
