import { describe, expect, it } from 'vitest';
import { hasNothingToSend, needsCoverPage } from './faxes';

describe('what a send holds (spec 001 §5)', () => {
  it('has nothing to send without a file or a cover message, whatever the subject', () => {
    expect(hasNothingToSend({ coverMessage: '  ', attachmentCount: 0 })).toBe(true);
    expect(hasNothingToSend({ coverMessage: null, attachmentCount: 0 })).toBe(true);
    expect(hasNothingToSend({ coverMessage: 'Hello', attachmentCount: 0 })).toBe(false);
    expect(hasNothingToSend({ coverMessage: undefined, attachmentCount: 1 })).toBe(false);
  });

  it('makes a cover page for a message, a subject, or when there is no file', () => {
    expect(needsCoverPage({ coverMessage: 'Hello', coverSubject: null, attachmentCount: 2 })).toBe(true);
    expect(needsCoverPage({ coverMessage: null, coverSubject: 'Invoice', attachmentCount: 2 })).toBe(true);
    expect(needsCoverPage({ coverMessage: 'Hello', attachmentCount: 0 })).toBe(true);
    expect(needsCoverPage({ coverMessage: ' ', coverSubject: '', attachmentCount: 2 })).toBe(false);
  });
});
