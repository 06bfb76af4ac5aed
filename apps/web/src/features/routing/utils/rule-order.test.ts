import { describe, expect, it } from 'vitest';

import { movedIds } from './rule-order';

describe('movedIds', () => {
  it('swaps a rule with the one above or below, keeping every id', () => {
    expect(movedIds(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedIds(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the order as it is at either end', () => {
    expect(movedIds(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedIds(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
