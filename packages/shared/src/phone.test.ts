import { describe, expect, it } from 'vitest';
import { destinationOf, formatPhoneInternational, isE164, toE164 } from './phone';

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

describe('destinationOf', () => {
  it('names the country of a number, the main country of a range it cannot place, and none for a network without one', () => {
    expect(destinationOf('+442079460958')).toEqual({ callingCode: '44', country: 'GB' });
    expect(destinationOf('+4915112345678')).toEqual({ callingCode: '49', country: 'DE' });
    expect(destinationOf('+18765551234')).toEqual({ callingCode: '1', country: 'JM' });
    // A +1 test range libphonenumber does not know, and a +7 number outside its ranges: the calling code's main country.
    expect(destinationOf('+15550100000')).toEqual({ callingCode: '1', country: 'US' });
    expect(destinationOf('+70000000000')).toEqual({ callingCode: '7', country: 'RU' });
    expect(destinationOf('+88234567890')).toEqual({ callingCode: '882', country: null });
    expect(destinationOf('not a number')).toBeNull();
  });
});
