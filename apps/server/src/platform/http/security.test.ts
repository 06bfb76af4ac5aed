import { describe, expect, it } from 'vitest';
import { headersWrittenBy } from './security';

describe('the security headers, worked out once', () => {
  it('are the headers a middleware sets, in order, without those it takes away', () => {
    const headers = headersWrittenBy((_request, response, next) => {
      response.setHeader('X-Powered-By', 'something');
      response.setHeader('Content-Security-Policy', "default-src 'self'");
      response.setHeader('X-Frame-Options', 'SAMEORIGIN');
      response.removeHeader('X-Powered-By');
      next();
    });
    expect(headers).toEqual([
      ['Content-Security-Policy', "default-src 'self'"],
      ['X-Frame-Options', 'SAMEORIGIN'],
    ]);
  });

  it('refuse a middleware that fails or does not finish at once: its headers could differ by request', () => {
    expect(() => headersWrittenBy((_request, _response, next) => next(new Error('no')))).toThrow('no');
    expect(() => headersWrittenBy((_request, _response, next) => void setTimeout(next, 0))).toThrow('did not finish at once');
  });
});
