import { describe, expect, it } from 'vitest';

import enCommon from '@/locales/en/common.json';
import esCommon from '@/locales/es/common.json';
import frCommon from '@/locales/fr/common.json';
import { english } from '@/testing/english';

import { answerTo } from './chat-answers';

describe('the chat helper answers (spec 000 §4)', () => {
  it.each([
    ['hello', 'greeting'],
    ['Hi there!', 'greeting'],
    ['pricing', 'pricing'],
    ['Which plans do you have?', 'pricing'],
    ['support', 'support'],
    ['How do I send fax?', 'sendFax'],
    ['thank you', 'thanks'],
    ['Thanks!', 'thanks'],
    ['hola', 'greeting'],
    ['bonjour', 'greeting'],
    ['precios', 'pricing'],
    ['tarifs', 'pricing'],
    ['soporte', 'support'],
    ['assistance', 'support'],
    ['enviar un fax', 'sendFax'],
    ['envoyer un fax', 'sendFax'],
    ['gracias', 'thanks'],
    ['merci', 'thanks'],
  ])('"%s" gets the %s reply', (message, reply) => {
    expect(answerTo(message)).toEqual({ says: { say: reply } });
  });

  it.each([
    ['yes pricing', 'faxPlans'],
    ['Yes, pricing!', 'faxPlans'],
    ['yes support', 'support'],
    ['yes send fax', 'sendFax'],
    ['sí precios', 'faxPlans'],
    ['si soporte', 'support'],
    ['sí enviar fax', 'sendFax'],
    ['oui tarifs', 'faxPlans'],
    ['oui assistance', 'support'],
    ['oui envoyer un fax', 'sendFax'],
  ])('"%s" goes to %s', (message, page) => {
    expect(answerTo(message)).toEqual({ go: page });
  });

  it('matches whole words only, so "this" or "which" is no greeting', () => {
    expect(answerTo('what is this')).toEqual({ says: { say: 'fallback' } });
    expect(answerTo('which one')).toEqual({ says: { say: 'fallback' } });
  });

  it('falls back with the spec text', () => {
    expect(answerTo('Can you fax the moon?')).toEqual({ says: { say: 'fallback' } });
    expect(english('assistant.chat.replies.fallback')).toBe("I'm still learning! For complex queries, please visit our support page.");
  });

  it.each([
    ['en', enCommon, ['yes pricing', 'yes support', 'yes send fax']],
    ['es', esCommon, ['sí precios', 'sí soporte', 'sí enviar fax']],
    ['fr', frCommon, ['oui tarifs', 'oui assistance', 'oui envoyer un fax']],
  ] as const)('tells the reader, in %s, the words that confirm, and its chips get their replies', (_language, common, confirmations) => {
    const { replies, chips } = common.assistant.chat;
    expect(replies.pricing).toContain(confirmations[0]);
    expect(replies.support).toContain(confirmations[1]);
    expect(replies.sendFax).toContain(confirmations[2]);
    for (const confirmation of confirmations) expect(answerTo(confirmation)).toHaveProperty('go');
    expect(answerTo(chips.pricing)).toEqual({ says: { say: 'pricing' } });
    expect(answerTo(chips.support)).toEqual({ says: { say: 'support' } });
    expect(answerTo(chips.sendFax)).toEqual({ says: { say: 'sendFax' } });
  });

  it("uses the spec's navigation texts", () => {
    expect(english('assistant.nav.navigatingTitle')).toBe('Navigating...');
    expect(english('assistant.nav.navigatingDescription', { page: 'Pricing' })).toBe('Taking you to Pricing');
    expect(english('assistant.nav.notFoundTitle')).toBe('Not Found');
    expect(english('assistant.nav.notFoundDescription')).toBe(
      "Sorry, I couldn't find a page matching that. Try general terms like 'pricing' or 'dashboard'.",
    );
  });
});
