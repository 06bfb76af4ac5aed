import { describe, expect, it } from 'vitest';

import { fromState, isSafePath, redirectTarget } from './redirect';

describe('fromState', () => {
  it('remembers path, query and hash of the page a guard turned away', () => {
    expect(fromState({ pathname: '/user/profile', search: '?tab=password', hash: '#top' })).toEqual({
      from: '/user/profile?tab=password#top',
    });
  });
});

describe('redirectTarget', () => {
  it('goes back to the remembered page (router state)', () => {
    expect(redirectTarget({ from: '/user/profile' }, '', '/')).toBe('/user/profile');
  });

  it('also accepts ?redirectTo=, as paths.signIn.getHref() builds it', () => {
    expect(redirectTarget(null, '?redirectTo=%2Fuser%2Fdashboard', '/')).toBe('/user/dashboard');
  });

  it('prefers the router state over the query', () => {
    expect(redirectTarget({ from: '/admin/dashboard' }, '?redirectTo=/user/profile', '/')).toBe('/admin/dashboard');
  });

  it('falls back when nothing was remembered', () => {
    expect(redirectTarget(undefined, '', '/')).toBe('/');
    expect(redirectTarget({ other: 1 }, '?x=1', '/admin/dashboard')).toBe('/admin/dashboard');
  });

  it('never leaves the site', () => {
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'user/profile']) {
      expect(redirectTarget({ from: target }, '', '/')).toBe('/');
      expect(redirectTarget(null, `?redirectTo=${encodeURIComponent(target)}`, '/')).toBe('/');
    }
  });
});

describe('isSafePath', () => {
  it('accepts same-site paths only', () => {
    expect(isSafePath('/')).toBe(true);
    expect(isSafePath('/user/profile?x=1#y')).toBe(true);
    expect(isSafePath('//host')).toBe(false);
    expect(isSafePath('/\tfoo')).toBe(false);
  });
});
