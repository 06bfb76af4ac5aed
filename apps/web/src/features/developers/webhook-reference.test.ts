import { ZV1FaxDetails } from '@faxline/shared/api-v1';
import { describe, expect, it } from 'vitest';

import { formatSpan as formatWithSpaces, webhookFigures, webhookSamples } from './webhook-reference';

// French puts a no-break space between a number and its unit: compared here as a plain space.
const plain = (text: string) => text.replace(/\s/g, ' ');
const formatSpan = (seconds: number, language: string) => plain(formatWithSpaces(seconds, language));

describe('formatSpan', () => {
  it('says a span in the largest unit it fills whole, in the language asked for', () => {
    expect(formatSpan(5, 'en')).toBe('5 seconds');
    expect(formatSpan(90, 'en')).toBe('90 seconds');
    expect(formatSpan(30 * 60, 'es')).toBe('30 minutos');
    expect(formatSpan(2 * 3600, 'fr')).toBe('2 heures');
    expect(formatSpan(5 * 86_400, 'en')).toBe('5 days');
  });

  it('says one day as 24 hours', () => {
    expect(formatSpan(86_400, 'en')).toBe('24 hours');
  });
});

describe('webhookFigures', () => {
  it('states the retry gaps, the disabling and the secret overlap from the shared constants, in words', () => {
    expect(webhookFigures('en')).toEqual({
      timeout: '10 seconds',
      delays: '5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, and 10 hours',
      disableAfter: '5 days',
      overlap: '24 hours',
    });
    expect(plain(webhookFigures('fr').delays)).toBe('5 secondes, 5 minutes, 30 minutes, 2 heures, 5 heures et 10 heures');
    expect(plain(webhookFigures('es').delays)).toBe('5 segundos, 5 minutos, 30 minutos, 2 horas, 5 horas y 10 horas');
  });
});

describe('webhookSamples', () => {
  it('shows a message whose data is a fax as GET /v1/faxes/{fax_id} returns it', () => {
    const body = webhookSamples().message.split('\n\n')[1] ?? '';
    const message = JSON.parse(body) as { type: string; timestamp: string; data: unknown };
    expect(Object.keys(message)).toEqual(['type', 'timestamp', 'data']);
    expect(message.type).toBe('fax.delivered');
    expect(ZV1FaxDetails.strict().safeParse(message.data).success).toBe(true);
  });
});
