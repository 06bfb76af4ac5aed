import { LANGUAGES, type TFaqsResponse, type TLanguage } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import enHelp from '@/locales/en/help.json';
import esHelp from '@/locales/es/help.json';
import frHelp from '@/locales/fr/help.json';

import { contentEntries, contentSearchFor, createContentSearch, plainSummary } from './content-search';

// Some of the starting FAQs (apps/server/src/content/faq-seed.ts), as GET /api/faqs serves them to /support.
const FAQS: Record<TLanguage, Array<[question: string, answer: string]>> = {
  en: [
    [
      'What do I need to send a fax?',
      "A Faxline account and the recipient's fax number. You do not need a fax machine, a phone line or a modem: send from the web portal, by e-mail or through the API.",
    ],
    [
      'How do I know my fax was delivered?',
      'Each fax shows its status in your fax history: Processing while it is converted and sent, then Delivered or Failed. A failed fax shows the reason, such as a busy line or no answer, and you receive a confirmation by e-mail either way.',
    ],
    [
      'How do I receive faxes?',
      'Faxes sent to your Faxline number arrive in your dashboard and by e-mail as PDF attachments. New faxes stay marked unread until you open them.',
    ],
    [
      'Can I keep my current fax number?',
      'In most cases, yes. Moving a number from another carrier takes 1 to 4 weeks, and a one-time fee may apply.\n\n[How number porting works](/porting-your-number)',
    ],
  ],
  es: [
    [
      '¿Qué necesito para enviar un fax?',
      'Una cuenta de Faxline y el número de fax del destinatario. No necesita aparato de fax, línea telefónica ni módem: envíe desde el portal web, por correo electrónico o mediante la API.',
    ],
    [
      '¿Cómo sé que mi fax se entregó?',
      'Cada fax muestra su estado en su historial: En proceso mientras se convierte y se envía, y después Entregado o Fallido. Un fax fallido indica el motivo, como una línea ocupada o que nadie contesta, y en ambos casos recibe una confirmación por correo electrónico.',
    ],
    [
      '¿Cómo recibo faxes?',
      'Los faxes enviados a su número de Faxline llegan a su panel y por correo electrónico como archivos PDF adjuntos. Los faxes nuevos aparecen como no leídos hasta que los abre.',
    ],
    [
      '¿Puedo conservar mi número de fax actual?',
      'En la mayoría de los casos, sí. Trasladar un número desde otro operador lleva de 1 a 4 semanas y puede aplicarse una tarifa única.\n\n[Cómo funciona la portabilidad de números](/porting-your-number)',
    ],
  ],
  fr: [
    [
      'De quoi ai-je besoin pour envoyer un fax ?',
      'D’un compte Faxline et du numéro de fax du destinataire. Vous n’avez besoin ni de télécopieur, ni de ligne téléphonique, ni de modem : envoyez depuis le portail web, par e-mail ou via l’API.',
    ],
    [
      'Comment savoir si mon fax a été remis ?',
      'Chaque fax affiche son état dans votre historique : En cours pendant sa conversion et son envoi, puis Remis ou Échec. Un fax en échec indique la raison, par exemple une ligne occupée ou une absence de réponse, et vous recevez une confirmation par e-mail dans tous les cas.',
    ],
    [
      'Comment recevoir des fax ?',
      'Les fax envoyés à votre numéro Faxline arrivent dans votre tableau de bord et par e-mail en pièce jointe PDF. Les nouveaux fax restent marqués comme non lus jusqu’à ce que vous les ouvriez.',
    ],
    [
      'Puis-je garder mon numéro de fax actuel ?',
      'Dans la plupart des cas, oui. Transférer un numéro depuis un autre opérateur prend de 1 à 4 semaines, et des frais uniques peuvent s’appliquer.\n\n[Comment fonctionne la portabilité du numéro](/porting-your-number)',
    ],
  ],
};
const HELP = { en: enHelp.support, es: esHelp.support, fr: frHelp.support };

const faqsIn = (language: TLanguage): TFaqsResponse => ({
  language,
  faqs: FAQS[language].map(([question, answer], index) => ({ id: `${language}-${index}`, question, answer, category: 'General' })),
});
const searchIn = (language: TLanguage) => createContentSearch(contentEntries(faqsIn(language), HELP[language], language));

describe('the helpers answer from the FAQs and help sections of /support (issue 15, item 8)', () => {
  it.each([
    ['en', 'Can I receive faxes by email?', 'How do I receive faxes?'],
    ['en', 'can i receive faxes by e-mail', 'How do I receive faxes?'],
    ['es', '¿Puedo recibir faxes por correo electrónico?', '¿Cómo recibo faxes?'],
    ['es', 'puedo recibir faxes por email', '¿Cómo recibo faxes?'],
    ['fr', 'Puis-je recevoir des fax par e-mail ?', 'Comment recevoir des fax ?'],
    ['fr', 'Puis-je recevoir des fax par courriel ?', 'Comment recevoir des fax ?'],
  ] as const)('answers the e-mail question in %s ("%s") with the FAQ and a link to it', (language, question, faq) => {
    const answer = FAQS[language].find(([q]) => q === faq)?.[1];
    expect(searchIn(language)(question)).toEqual({ title: faq, answer, href: '/support#faqs', language });
  });

  it.each([
    ['en', 'Can I keep my number?', 'Can I keep my current fax number?'],
    ['es', '¿Puedo conservar mi número?', '¿Puedo conservar mi número de fax actual?'],
    ['fr', 'Puis-je garder mon numéro ?', 'Puis-je garder mon numéro de fax actuel ?'],
  ] as const)('finds the other FAQs too (%s: "%s"), in short and without Markdown', (language, question, faq) => {
    const found = searchIn(language)(question);
    expect(found?.title).toBe(faq);
    expect(found?.answer).not.toMatch(/\[|\]\(|porting-your-number/);
  });

  it.each([
    ['en', 'What is the rate to Germany?'],
    ['es', '¿Cuál es la tarifa para Alemania?'],
    ['fr', 'Quel est le tarif pour l’Allemagne ?'],
  ] as const)('answers from a help section, with its anchor (%s)', (language, question) => {
    expect(searchIn(language)(question)).toEqual({
      title: HELP[language].rates.heading,
      answer: HELP[language].rates.intro,
      href: '/support#international-rates',
      language,
    });
  });

  it.each(LANGUAGES)('leaves nonsense, and words that say nothing, to the fallback (%s)', (language) => {
    const search = searchIn(language);
    for (const question of [
      'qwerty zxcv blorp',
      'Can you fax the moon?',
      '¿Puedo enviar un fax a la luna?',
      'Peut-on faxer la lune ?',
      'what is this',
      'which one',
      'fax',
      '  ?! ',
      '',
    ]) {
      expect(search(question), question).toBeNull();
    }
  });

  it('answers with nothing but the help sections when the FAQs could not be fetched, and with nothing at all when neither is there', () => {
    expect(createContentSearch(contentEntries(null, HELP.en, 'en'))('Can I receive faxes by email?')?.href).toBe(
      '/support#how-faxline-works',
    );
    expect(createContentSearch(contentEntries(null, null, 'en'))('Can I receive faxes by email?')).toBeNull();
  });

  it('says which language an answer is in: English FAQs served for a language that has none', () => {
    const found = createContentSearch(contentEntries(faqsIn('en'), HELP.es, 'es'))('Can I receive faxes by email?');
    expect(found).toMatchObject({ title: 'How do I receive faxes?', language: 'en' });
  });

  it('answers from the help sections with their texts, placeholders left out', () => {
    for (const language of LANGUAGES) {
      for (const entry of contentEntries(null, HELP[language], language)) {
        expect(entry.answer, entry.id).not.toBe('');
        expect(entry.answer + entry.body, entry.id).not.toContain('{{');
      }
    }
  });

  it('keeps one search per content, and builds a new one when the FAQs change', () => {
    const faqs = faqsIn('en');
    const first = contentSearchFor(faqs, HELP.en, 'en');
    expect(contentSearchFor(faqs, HELP.en, 'en')).toBe(first);
    expect(contentSearchFor(faqsIn('en'), HELP.en, 'en')).not.toBe(first);
  });
});

describe('plainSummary', () => {
  it('keeps the first paragraph, links as their words, without emphasis', () => {
    expect(plainSummary('**Yes.** See [our plans](/pricing) for `HIPAA`.\n\nMore below.')).toBe('Yes. See our plans for HIPAA.');
    expect(plainSummary('\n\n# Heading\n- first item')).toBe('Heading first item');
  });

  it('cuts a long answer at a word, with an ellipsis', () => {
    const summary = plainSummary('word '.repeat(100), 42);
    expect(summary.length).toBeLessThanOrEqual(42);
    expect(summary).toMatch(/^word( word)*…$/);
  });
});
