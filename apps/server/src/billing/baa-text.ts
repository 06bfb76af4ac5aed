import type { TLanguage } from '@faxline/shared';

/**
 * The version of the business associate agreement in force (decision 090). Changing the text below means a new version
 * here: an account that signed an earlier one signs again before its next HIPAA checkout or change of plan.
 */
export const BAA_VERSION = '2026-12';

type AgreementText = { title: string; paragraphs: string[] };

/**
 * The agreement itself, short and plain, in each language Faxline speaks. It promises only what Faxline does (decision
 * 090): encrypted storage, audit trails, documents kept out of e-mail on a HIPAA plan, breach notice, return or deletion.
 */
const BAA_TEXT: Record<TLanguage, AgreementText> = {
  en: {
    title: 'Business Associate Agreement',
    paragraphs: [
      'This agreement is made between the customer named below (the "Covered Entity") and Faxline (the "Business Associate") under the U.S. Health Insurance Portability and Accountability Act (HIPAA) and its rules.',
      '1. Use of health information. Faxline receives, keeps and transmits faxes that may contain protected health information (PHI) only to provide the fax service the Covered Entity uses, and for no other purpose.',
      '2. Safeguards. Faxline encrypts faxes in transit and at rest, limits access to the people who need it, and records access in audit trails. On a HIPAA plan, received documents are not attached to e-mails: e-mails carry a sign-in link instead.',
      '3. Reporting. Faxline will tell the Covered Entity without unreasonable delay, and within 60 days at the latest, of any use or disclosure of PHI not allowed by this agreement, including a breach of unsecured PHI.',
      '4. Subcontractors. Faxline makes any subcontractor that handles PHI for it agree to the same restrictions in writing.',
      "5. Access and records. Faxline makes PHI available to the Covered Entity so it can answer individuals' requests, and makes its practices available to the U.S. Department of Health and Human Services when required.",
      '6. End of the agreement. This agreement lasts while the account uses a HIPAA plan. When the account is deleted, Faxline deletes the PHI it holds for it; where deletion is not feasible, this agreement keeps protecting it.',
      '7. The Covered Entity is responsible for the content it sends and for obtaining any consent that the law requires.',
    ],
  },
  es: {
    title: 'Acuerdo de socio comercial (BAA)',
    paragraphs: [
      'Este acuerdo se celebra entre el cliente indicado abajo (la "Entidad cubierta") y Faxline (el "Socio comercial") conforme a la ley estadounidense de portabilidad y responsabilidad del seguro médico (HIPAA) y sus reglamentos.',
      '1. Uso de la información de salud. Faxline recibe, guarda y transmite faxes que pueden contener información de salud protegida (PHI) solo para prestar el servicio de fax que usa la Entidad cubierta, y para ningún otro fin.',
      '2. Medidas de protección. Faxline cifra los faxes en tránsito y en reposo, limita el acceso a las personas que lo necesitan y anota los accesos en registros de auditoría. Con un plan HIPAA, los documentos recibidos no se adjuntan a los correos: el correo lleva un enlace para iniciar sesión.',
      '3. Notificación. Faxline informará a la Entidad cubierta sin demora injustificada, y como máximo en 60 días, de cualquier uso o divulgación de PHI no permitido por este acuerdo, incluida una brecha de PHI no protegida.',
      '4. Subcontratistas. Faxline exige por escrito las mismas restricciones a cualquier subcontratista que trate PHI por su cuenta.',
      '5. Acceso y registros. Faxline pone la PHI a disposición de la Entidad cubierta para que pueda atender las solicitudes de las personas, y muestra sus prácticas al Departamento de Salud y Servicios Humanos de EE. UU. cuando se le exija.',
      '6. Fin del acuerdo. Este acuerdo dura mientras la cuenta use un plan HIPAA. Cuando se elimina la cuenta, Faxline elimina la PHI que guarda para ella; si eliminarla no es posible, este acuerdo la sigue protegiendo.',
      '7. La Entidad cubierta es responsable del contenido que envía y de obtener los consentimientos que exija la ley.',
    ],
  },
  fr: {
    title: 'Accord de partenaire commercial (BAA)',
    paragraphs: [
      'Cet accord est conclu entre le client nommé ci-dessous (l’« Entité couverte ») et Faxline (le « Partenaire commercial ») en application de la loi américaine sur la portabilité et la responsabilité en matière d’assurance maladie (HIPAA) et de ses règles.',
      '1. Utilisation des informations de santé. Faxline reçoit, conserve et transmet des fax pouvant contenir des informations de santé protégées (PHI) uniquement pour fournir le service de fax utilisé par l’Entité couverte, et à aucune autre fin.',
      '2. Mesures de protection. Faxline chiffre les fax en transit et au repos, limite l’accès aux personnes qui en ont besoin et consigne les accès dans des journaux d’audit. Avec un forfait HIPAA, les documents reçus ne sont pas joints aux e-mails : l’e-mail contient un lien de connexion.',
      '3. Signalement. Faxline informe l’Entité couverte sans retard injustifié, et au plus tard sous 60 jours, de toute utilisation ou divulgation de PHI non autorisée par cet accord, y compris une violation de PHI non sécurisées.',
      '4. Sous-traitants. Faxline impose par écrit les mêmes restrictions à tout sous-traitant qui traite des PHI pour son compte.',
      '5. Accès et registres. Faxline met les PHI à la disposition de l’Entité couverte pour qu’elle puisse répondre aux demandes des personnes, et présente ses pratiques au ministère américain de la Santé et des Services sociaux lorsque c’est exigé.',
      '6. Fin de l’accord. Cet accord dure tant que le compte utilise un forfait HIPAA. Quand le compte est supprimé, Faxline supprime les PHI qu’elle conserve pour lui ; si la suppression n’est pas possible, cet accord continue de les protéger.',
      '7. L’Entité couverte est responsable du contenu qu’elle envoie et de l’obtention des consentements exigés par la loi.',
    ],
  },
};

/** The agreement in force, in a language. */
export function baaTextOf(language: TLanguage): AgreementText & { version: string } {
  return { version: BAA_VERSION, ...BAA_TEXT[language] };
}
