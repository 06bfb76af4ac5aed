import { describe, expect, it } from 'vitest';

import { SearchChanges } from './search-changes';

const withParam = (search: string, key: string, value: string) => {
  const next = new URLSearchParams(search);
  next.set(key, value);
  return next;
};

describe('SearchChanges', () => {
  it('starts a change made before the page renders again from the one asked for just before', () => {
    const changes = new SearchChanges({ key: 'a', search: '' });
    const shown = { key: 'a', search: '' };
    changes.ask(withParam(changes.latest(shown), 'status', 'closed'));
    const second = changes.ask(withParam(changes.latest(shown), 'priority', 'high'));
    expect(second).toBe('status=closed&priority=high');
  });

  it('starts from the page once what was asked for has arrived', () => {
    const changes = new SearchChanges({ key: 'a', search: '' });
    changes.ask(withParam(changes.latest({ key: 'a', search: '' }), 'status', 'closed'));
    expect(changes.latest({ key: 'b', search: '?status=closed' })).toBe('status=closed');
    // The page moves on by other means (Back) and the next change starts from there.
    expect(changes.latest({ key: 'c', search: '' })).toBe('');
  });

  it('keeps a later change pending when an earlier one arrives first', () => {
    const changes = new SearchChanges({ key: 'a', search: '' });
    const shown = { key: 'a', search: '' };
    changes.ask(withParam(changes.latest(shown), 'status', 'closed'));
    changes.ask(withParam(changes.latest(shown), 'priority', 'high'));
    expect(changes.latest({ key: 'b', search: '?status=closed' })).toBe('status=closed&priority=high');
    expect(changes.latest({ key: 'c', search: '?status=closed&priority=high' })).toBe('status=closed&priority=high');
    expect(changes.latest({ key: 'd', search: '?page=2' })).toBe('page=2');
  });

  it('forgets changes the router dropped once the page moves elsewhere', () => {
    const changes = new SearchChanges({ key: 'a', search: '?tab=received' });
    changes.ask(withParam(changes.latest({ key: 'a', search: '?tab=received' }), 'page', '3'));
    expect(changes.latest({ key: 'z', search: '?tab=sent' })).toBe('tab=sent');
  });
});
