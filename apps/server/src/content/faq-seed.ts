import type { TLanguage } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { claimSeedRun } from '../platform/db/seed-runs';
import { contentItems } from './schema';

type SeedFaq = { category: string; question: string; answer: string };

/**
 * The FAQs the support page showed before they became content (spec 000 §2 /support), in its order and in the three
 * languages, so that /support looks the same on a fresh install. Product content, not demo data: seeded once into
 * every new database as published FAQs; operators then edit them in the back office.
 */
export const STARTING_FAQS: Record<TLanguage, SeedFaq[]> = {
  en: [
    {
      category: 'Getting started',
      question: 'What do I need to send a fax?',
      answer:
        "A Faxline account and the recipient's fax number. You do not need a fax machine, a phone line or a modem: send from the web portal, by e-mail or through the API.",
    },
    {
      category: 'Sending faxes',
      question: 'Which files can I send?',
      answer:
        'PDF, Word (DOC and DOCX), plain text (TXT), JPG and PNG. One fax can carry up to 5 files of up to 10 MB each; they are sent in the order shown, after the cover page if you add one.',
    },
    {
      category: 'Sending faxes',
      question: 'How do I know my fax was delivered?',
      answer:
        'Each fax shows its status in your fax history: Processing while it is converted and sent, then Delivered or Failed. A failed fax shows the reason, such as a busy line or no answer, and you receive a confirmation by e-mail either way.',
    },
    {
      category: 'Sending faxes',
      question: 'What happens if the line is busy or nobody answers?',
      answer:
        'We try again automatically: up to three more times, three minutes apart, for a busy line, and twice more, five minutes apart, when there is no answer. If every try fails, the fax is marked Failed with the reason.',
    },
    {
      category: 'Receiving faxes',
      question: 'How do I receive faxes?',
      answer:
        'Faxes sent to your Faxline number arrive in your dashboard and by e-mail as PDF attachments. New faxes stay marked unread until you open them.',
    },
    {
      category: 'Sending faxes',
      question: 'Can I send a fax later?',
      answer:
        'Yes. Choose a send time when you prepare the fax; it shows as Scheduled until then, and you can cancel it before it is sent.',
    },
    {
      category: 'Fax numbers',
      question: 'Can I keep my current fax number?',
      answer:
        'In most cases, yes. Moving a number from another carrier takes 1 to 4 weeks, and a one-time fee may apply.\n\n[How number porting works](/porting-your-number)',
    },
    {
      category: 'Security and compliance',
      question: 'Can I fax protected health information?',
      answer:
        'Yes, on a HIPAA plan. We sign a business associate agreement with you first, and faxes are encrypted in transit and at rest with access recorded in audit trails.\n\n[HIPAA and PHIPA at Faxline](/security-privacy#hipaa-compliance)',
    },
    {
      category: 'Getting started',
      question: 'Which languages does Faxline support?',
      answer: 'English, Spanish and French, for the website, the portal, the e-mails we send and the cover pages we generate.',
    },
  ],
  es: [
    {
      category: 'Primeros pasos',
      question: '¿Qué necesito para enviar un fax?',
      answer:
        'Una cuenta de Faxline y el número de fax del destinatario. No necesita aparato de fax, línea telefónica ni módem: envíe desde el portal web, por correo electrónico o mediante la API.',
    },
    {
      category: 'Envío de faxes',
      question: '¿Qué archivos puedo enviar?',
      answer:
        'PDF, Word (DOC y DOCX), texto sin formato (TXT), JPG y PNG. Un fax puede llevar hasta 5 archivos de 10 MB como máximo cada uno; se envían en el orden mostrado, después de la portada si añade una.',
    },
    {
      category: 'Envío de faxes',
      question: '¿Cómo sé que mi fax se entregó?',
      answer:
        'Cada fax muestra su estado en su historial: En proceso mientras se convierte y se envía, y después Entregado o Fallido. Un fax fallido indica el motivo, como una línea ocupada o que nadie contesta, y en ambos casos recibe una confirmación por correo electrónico.',
    },
    {
      category: 'Envío de faxes',
      question: '¿Qué ocurre si la línea está ocupada o nadie contesta?',
      answer:
        'Lo reintentamos automáticamente: hasta tres veces más, con tres minutos de intervalo, si la línea está ocupada, y dos veces más, con cinco minutos de intervalo, si nadie contesta. Si todos los intentos fallan, el fax se marca como Fallido con el motivo.',
    },
    {
      category: 'Recepción de faxes',
      question: '¿Cómo recibo faxes?',
      answer:
        'Los faxes enviados a su número de Faxline llegan a su panel y por correo electrónico como archivos PDF adjuntos. Los faxes nuevos aparecen como no leídos hasta que los abre.',
    },
    {
      category: 'Envío de faxes',
      question: '¿Puedo enviar un fax más tarde?',
      answer:
        'Sí. Elija una hora de envío al preparar el fax; aparecerá como Programado hasta entonces y podrá cancelarlo antes de que se envíe.',
    },
    {
      category: 'Números de fax',
      question: '¿Puedo conservar mi número de fax actual?',
      answer:
        'En la mayoría de los casos, sí. Trasladar un número desde otro operador lleva de 1 a 4 semanas y puede aplicarse una tarifa única.\n\n[Cómo funciona la portabilidad de números](/porting-your-number)',
    },
    {
      category: 'Seguridad y cumplimiento',
      question: '¿Puedo enviar información de salud protegida por fax?',
      answer:
        'Sí, con un plan HIPAA. Primero firmamos con usted un acuerdo de socio comercial, y los faxes se cifran en tránsito y en reposo, con los accesos anotados en registros de auditoría.\n\n[HIPAA y PHIPA en Faxline](/security-privacy#hipaa-compliance)',
    },
    {
      category: 'Primeros pasos',
      question: '¿Qué idiomas admite Faxline?',
      answer: 'Español, inglés y francés, en el sitio web, el portal, los correos electrónicos que enviamos y las portadas que generamos.',
    },
  ],
  fr: [
    {
      category: 'Premiers pas',
      question: 'De quoi ai-je besoin pour envoyer un fax ?',
      answer:
        'D’un compte Faxline et du numéro de fax du destinataire. Vous n’avez besoin ni de télécopieur, ni de ligne téléphonique, ni de modem : envoyez depuis le portail web, par e-mail ou via l’API.',
    },
    {
      category: 'Envoi de fax',
      question: 'Quels fichiers puis-je envoyer ?',
      answer:
        'PDF, Word (DOC et DOCX), texte brut (TXT), JPG et PNG. Un fax peut contenir jusqu’à 5 fichiers de 10 Mo chacun au maximum ; ils sont envoyés dans l’ordre affiché, après la page de garde si vous en ajoutez une.',
    },
    {
      category: 'Envoi de fax',
      question: 'Comment savoir si mon fax a été remis ?',
      answer:
        'Chaque fax affiche son état dans votre historique : En cours pendant sa conversion et son envoi, puis Remis ou Échec. Un fax en échec indique la raison, par exemple une ligne occupée ou une absence de réponse, et vous recevez une confirmation par e-mail dans tous les cas.',
    },
    {
      category: 'Envoi de fax',
      question: 'Que se passe-t-il si la ligne est occupée ou si personne ne répond ?',
      answer:
        'Nous réessayons automatiquement : jusqu’à trois fois de plus, à trois minutes d’intervalle, si la ligne est occupée, et deux fois de plus, à cinq minutes d’intervalle, en l’absence de réponse. Si toutes les tentatives échouent, le fax passe en Échec avec la raison.',
    },
    {
      category: 'Réception de fax',
      question: 'Comment recevoir des fax ?',
      answer:
        'Les fax envoyés à votre numéro Faxline arrivent dans votre tableau de bord et par e-mail en pièce jointe PDF. Les nouveaux fax restent marqués comme non lus jusqu’à ce que vous les ouvriez.',
    },
    {
      category: 'Envoi de fax',
      question: 'Puis-je envoyer un fax plus tard ?',
      answer:
        'Oui. Choisissez une heure d’envoi en préparant le fax ; il apparaît comme Programmé jusque-là, et vous pouvez l’annuler avant son envoi.',
    },
    {
      category: 'Numéros de fax',
      question: 'Puis-je garder mon numéro de fax actuel ?',
      answer:
        'Dans la plupart des cas, oui. Transférer un numéro depuis un autre opérateur prend de 1 à 4 semaines, et des frais uniques peuvent s’appliquer.\n\n[Comment fonctionne la portabilité du numéro](/porting-your-number)',
    },
    {
      category: 'Sécurité et conformité',
      question: 'Puis-je faxer des informations de santé protégées ?',
      answer:
        'Oui, avec un forfait HIPAA. Nous signons d’abord avec vous un accord de partenaire commercial, et les fax sont chiffrés en transit et au repos, avec des accès consignés dans des journaux d’audit.\n\n[HIPAA et PHIPA chez Faxline](/security-privacy#hipaa-compliance)',
    },
    {
      category: 'Premiers pas',
      question: 'Quelles langues Faxline prend-il en charge ?',
      answer:
        'Le français, l’anglais et l’espagnol, pour le site web, le portail, les e-mails que nous envoyons et les pages de garde que nous générons.',
    },
  ],
};

export const FAQ_SEED = 'support-faqs-v1';

/**
 * Billing's FAQs (issue 36 item 7, decision 087), so that the helpers answer plans, invoices, cancelling and refunds
 * from the support content with what Faxline does. Seeded once, after the starting FAQs, into every database, an
 * existing one too.
 */
export const BILLING_FAQS: Record<TLanguage, SeedFaq[]> = {
  en: [
    {
      category: 'Billing',
      question: 'Which plan should I choose?',
      answer:
        'Each plan lists what it includes on the pricing pages: pages per month, fax to e-mail, API access, webhooks and the number of users. An account gets exactly what its plan includes, and the portal says when something needs another plan. The account owner and billing contacts choose a plan on the Billing page.\n\n[Fax plans](/fax-plans)',
    },
    {
      category: 'Billing',
      question: 'How do I cancel my plan or subscription?',
      answer:
        'The account owner or a billing contact cancels on the Billing page (/user/billing). The cancellation takes effect at the end of the period already paid for: the plan stays until then.',
    },
    {
      category: 'Billing',
      question: 'Where are my invoices?',
      answer: 'On the Billing page (/user/billing), for the account owner and billing contacts.',
    },
    {
      category: 'Billing',
      question: 'Can I get a refund?',
      answer:
        'Refunds are made by our support team, as a credit note on the invoice concerned. Write to us with the invoice number.\n\n[Contact us](/contact)',
    },
  ],
  es: [
    {
      category: 'Facturación',
      question: '¿Qué plan debo elegir?',
      answer:
        'Cada plan indica lo que incluye en las páginas de precios: páginas al mes, fax a correo, acceso a la API, webhooks y número de usuarios. Una cuenta obtiene exactamente lo que incluye su plan, y el portal indica cuándo algo requiere otro plan. El propietario de la cuenta y los contactos de facturación eligen el plan en la página de Facturación.\n\n[Planes de fax](/fax-plans)',
    },
    {
      category: 'Facturación',
      question: '¿Cómo cancelo mi plan o suscripción?',
      answer:
        'El propietario de la cuenta o un contacto de facturación lo cancela en la página de Facturación (/user/billing). La cancelación surte efecto al final del periodo ya pagado: el plan se mantiene hasta entonces.',
    },
    {
      category: 'Facturación',
      question: '¿Dónde están mis facturas?',
      answer: 'En la página de Facturación (/user/billing), para el propietario de la cuenta y los contactos de facturación.',
    },
    {
      category: 'Facturación',
      question: '¿Puedo obtener un reembolso?',
      answer:
        'Los reembolsos los hace nuestro equipo de soporte, como nota de crédito sobre la factura correspondiente. Escríbanos con el número de factura.\n\n[Contacto](/contact)',
    },
  ],
  fr: [
    {
      category: 'Facturation',
      question: 'Quel forfait choisir ?',
      answer:
        'Chaque forfait indique ce qu’il comprend sur les pages de tarifs : pages par mois, fax vers e-mail, accès à l’API, webhooks et nombre d’utilisateurs. Un compte obtient exactement ce que comprend son forfait, et le portail signale ce qui demande un autre forfait. Le propriétaire du compte et les contacts de facturation choisissent le forfait sur la page Facturation.\n\n[Forfaits de fax](/fax-plans)',
    },
    {
      category: 'Facturation',
      question: 'Comment résilier mon forfait ou abonnement ?',
      answer:
        'Le propriétaire du compte ou un contact de facturation résilie sur la page Facturation (/user/billing). La résiliation prend effet à la fin de la période déjà payée : le forfait reste jusque-là.',
    },
    {
      category: 'Facturation',
      question: 'Où sont mes factures ?',
      answer: 'Sur la page Facturation (/user/billing), pour le propriétaire du compte et les contacts de facturation.',
    },
    {
      category: 'Facturation',
      question: 'Puis-je être remboursé ?',
      answer:
        'Les remboursements sont faits par notre équipe d’assistance, sous forme d’avoir sur la facture concernée. Écrivez-nous avec le numéro de facture.\n\n[Nous contacter](/contact)',
    },
  ],
};

export const BILLING_FAQ_SEED = 'support-faqs-billing-v1';

/** Seeds the starting FAQs into a new database, once (whatever happens to them afterwards). */
export async function seedStartingFaqs(db: Database): Promise<boolean> {
  return seedFaqs(db, FAQ_SEED, STARTING_FAQS, 0);
}

/** Seeds billing's FAQs once, after the starting ones (which an operator may have reordered: they go last). */
export async function seedBillingFaqs(db: Database): Promise<boolean> {
  const [last] = await db
    .select({ max: sql<number | null>`max(${contentItems.sortOrder})` })
    .from(contentItems)
    .where(eq(contentItems.kind, 'faq'));
  return seedFaqs(db, BILLING_FAQ_SEED, BILLING_FAQS, (last?.max ?? -1) + 1);
}

async function seedFaqs(db: Database, seed: string, content: Record<TLanguage, SeedFaq[]>, firstSortOrder: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimSeedRun(tx, seed))) return false;
    const now = new Date();
    await tx.insert(contentItems).values(
      Object.entries(content).flatMap(([language, faqs]) =>
        faqs.map((faq, index) => ({
          kind: 'faq' as const,
          language: language as TLanguage,
          title: faq.question,
          category: faq.category,
          body: faq.answer,
          status: 'published' as const,
          sortOrder: firstSortOrder + index,
          publishedAt: now,
        })),
      ),
    );
    return true;
  });
}
