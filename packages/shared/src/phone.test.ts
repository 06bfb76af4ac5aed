import { describe, expect, it } from 'vitest';
import { formatPhoneInternational, isE164, toE164 } from './phone';

describe('E.164 (spec 001 §5)', () => {
  it.each([
    ['+15551234567', true],
    ['+442079460958', true],
    ['+123456789012345', true],
    ['+1234567890123456', false], // 16 digits
    ['+05551234567', false], // first digit 0
    ['15551234567', false], // no plus
    ['+1', false], // too short
    ['+1 555 123 4567', false], // spaces are not E.164
  ])('%s -> %s', (value, expected) => {
    expect(isE164(value)).toBe(expected);
  });

  it('normalises what a person types', () => {
    expect(toE164('+1 (202) 555-0143')).toBe('+12025550143');
    expect(toE164('0044 20 7946 0958')).toBe('+442079460958');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('not a number')).toBeNull();
  });

  it('formats for display', () => {
    expect(formatPhoneInternational('+12025550143')).toBe('+1 202 555 0143');
  });
});
