import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { useAuth } from './use-auth';

function Probe() {
  return useAuth().user?.email ?? null;
}

describe('useAuth', () => {
  it('throws when used outside its provider (spec 000 §8)', () => {
    expect(() => renderToString(createElement(Probe))).toThrow('useAuth must be used within an AuthProvider');
  });
});
