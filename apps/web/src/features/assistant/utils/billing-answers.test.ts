import type { TFaqsResponse, TLanguage } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import enHelp from '@/locales/en/help.json';
import esHelp from '@/locales/es/help.json';
import frHelp from '@/locales/fr/help.json';

import { answerTo } from './chat-answers';
import { contentEntries, createContentSearch } from './content-search';

// Billing's FAQs (apps/server/src/content/faq-seed.ts, BILLING_FAQS), as GET /api/faqs serves them, beside the help
// sections of /support: the chat helper answers billing questions with them (issue 36 item 7), not with the
// international rates, which were the nearest text before they existed.
const BILLING: Record<TLanguage, string[]> = {
  en: ['Which plan should I choose?', 'How do I cancel my plan or subscription?', 'Where are my invoices?', 'Can I get a refund?'],
  es: ['¿Qué plan debo elegir?', '¿Cómo cancelo mi plan o suscripción?', '¿Dónde están mis facturas?', '¿Puedo obtener un reembolso?'],
  fr: ['Quel forfait choisir ?', 'Comment résilier mon forfait ou abonnement ?', 'Où sont mes factures ?', 'Puis-je être remboursé ?'],
};
const ANSWER: Record<TLanguage, string> = {
  en: 'The account owner or a billing contact does it on the Billing page (/user/billing).',
  es: 'El propietario de la cuenta o un contacto de facturación lo hace en la página de Facturación (/user/billing).',
  fr: 'Le propriétaire du compte ou un contact de facturation le fait sur la page Facturation (/user/billing).',
};
const HELP = { en: enHelp.support, es: esHelp.support, fr: frHelp.support };

const searchIn = (language: TLanguage) => {
  const faqs: TFaqsResponse = {
    language,
    faqs: BILLING[language].map((question, index) => ({
      id: `${language}-${index}`,
      question,
      answer: ANSWER[language],
      category: 'Billing',
    })),
  };
  return createContentSearch(contentEntries(faqs, HELP[language], language));
};

describe('the chat helper answers billing questions from the support content', () => {
  it.each([
    ['en', 'How can I cancel my subscription?', 1],
    ['en', 'where do I find my invoices', 2],
    ['en', 'I want a refund', 3],
    ['en', 'Which plan should I choose for my office?', 0],
    ['es', '¿Qué plan debo elegir?', 0],
    ['fr', 'Quel forfait choisir pour mon cabinet ?', 0],
    ['es', '¿Cómo cancelo mi suscripción?', 1],
    ['es', '¿Dónde veo mis facturas?', 2],
    ['es', 'quiero un reembolso', 3],
    ['fr', 'Comment résilier mon abonnement ?', 1],
    ['fr', 'Où trouver mes factures ?', 2],
    ['fr', 'Je veux être remboursé', 3],
  ] as const)('%s: "%s" gets the billing FAQ, not the international rates', (language, question, faq) => {
    const answer = answerTo(question, searchIn(language));
    expect(answer).toMatchObject({ says: { say: 'content', answer: { title: BILLING[language][faq], href: '/support#faqs' } } });
  });
});
