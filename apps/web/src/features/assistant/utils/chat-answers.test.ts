import { describe, expect, it } from 'vitest';

import enCommon from '@/locales/en/common.json';
import esCommon from '@/locales/es/common.json';
import frCommon from '@/locales/fr/common.json';
import { english } from '@/testing/english';

import { answerTo } from './chat-answers';
import type { TContentAnswer } from './content-search';

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

  describe('with the FAQs and help sections of /support (issue 15, item 8)', () => {
    const faq: TContentAnswer = {
      title: 'How do I receive faxes?',
      answer: 'Faxes sent to your Faxline number arrive in your dashboard and by e-mail as PDF attachments.',
      href: '/support#faqs',
      language: 'en',
    };
    const asked: string[] = [];
    const searchEverything = (question: string) => {
      asked.push(question);
      return faq;
    };

    it('answers what the keyword rules leave with the best FAQ', () => {
      expect(answerTo('Can I receive faxes by email?', searchEverything)).toEqual({ says: { say: 'content', answer: faq } });
    });

    it('keeps the keyword rules first, unchanged: the content is not even searched', () => {
      asked.length = 0;
      expect(answerTo('How can I contact support?', searchEverything)).toEqual({ says: { say: 'support' } });
      expect(answerTo('yes pricing', searchEverything)).toEqual({ go: 'faxPlans' });
      expect(answerTo('hello', searchEverything)).toEqual({ says: { say: 'greeting' } });
      expect(asked).toEqual([]);
    });

    it('falls back with the spec text when nothing matches', () => {
      expect(answerTo('qwerty zxcv blorp', () => null)).toEqual({ says: { say: 'fallback' } });
      expect(answerTo('qwerty zxcv blorp', null)).toEqual({ says: { say: 'fallback' } });
    });
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

  it('names the link to the answer in every language', () => {
    expect(english('assistant.chat.readAnswer')).toBe('Read the answer on the support page');
    expect(esCommon.assistant.chat.readAnswer).not.toBe('');
    expect(frCommon.assistant.chat.readAnswer).not.toBe('');
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
