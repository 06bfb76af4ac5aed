import type { TLanguage } from '@faxline/shared';

// Relative, not '@/': the browser tests import this table too, and they run without the web app's path alias.
import { paths } from '../../../config/paths';

/**
 * The keyword rules of the navigation box and the chat helper (spec 000 §2, §4): one table, read by both.
 *
 * - `route` rows: the navigation box's keywords; the box goes to the row's page.
 * - `confirm` rows: 'yes pricing', 'yes support', 'yes send fax' and their Spanish and French forms; both helpers go to
 *   the row's page (the chat after its 1 s typing state).
 * - `reply` rows: what the chat helper answers in words.
 *
 * Every language's keywords are matched whatever language the site is in (a French reader typing 'pricing' is
 * understood). Matching ignores case, accents and punctuation; when several keywords match, the longest wins, so
 * 'admin dashboard' beats 'dashboard' and 'yes pricing' beats 'pricing'.
 */

/** Who may open a page: anyone, a signed-in person (else /sign-in first), or a platform admin. */
export type TAccess = 'public' | 'user' | 'admin';

export const DESTINATIONS = {
  home: { path: paths.home.getHref(), access: 'public' },
  pricing: { path: paths.pricing.getHref(), access: 'public' },
  faxPlans: { path: paths.faxPlans.getHref(), access: 'public' },
  support: { path: paths.support.getHref(), access: 'public' },
  developers: { path: paths.developers.getHref(), access: 'public' },
  apiDocumentation: { path: paths.apiDocumentation.getHref(), access: 'public' },
  aboutUs: { path: paths.aboutUs.getHref(), access: 'public' },
  reviews: { path: paths.reviews.getHref(), access: 'public' },
  contact: { path: paths.contact.getHref(), access: 'public' },
  signIn: { path: paths.signIn.getHref(), access: 'public' },
  signUp: { path: paths.signUp.getHref(), access: 'public' },
  verifyReceipt: { path: paths.verifyReceipt.getHref(), access: 'public' },
  dashboard: { path: paths.user.dashboard.getHref(), access: 'user' },
  profile: { path: paths.user.profile.getHref(), access: 'user' },
  settings: { path: paths.user.settings.getHref(), access: 'user' },
  sendFax: { path: paths.user.sendFax.getHref(), access: 'user' },
  faxHistory: { path: paths.user.faxHistory.getHref(), access: 'user' },
  adminDashboard: { path: paths.admin.dashboard.getHref(), access: 'admin' },
  userManagement: { path: paths.admin.users.getHref(), access: 'admin' },
  numberManagement: { path: paths.admin.numbers.getHref(), access: 'admin' },
  adminLogin: { path: paths.admin.login.getHref(), access: 'public' },
} as const satisfies Record<string, { path: string; access: TAccess }>;

export type TPage = keyof typeof DESTINATIONS;
export type TReply = 'greeting' | 'pricing' | 'support' | 'sendFax' | 'thanks';
export type TKeywords = Readonly<Record<TLanguage, readonly string[]>>;

export type TKeywordRule =
  | { kind: 'route'; page: TPage; keywords: TKeywords }
  | { kind: 'confirm'; page: TPage; keywords: TKeywords }
  | { kind: 'reply'; reply: TReply; keywords: TKeywords };

export const KEYWORD_RULES: readonly TKeywordRule[] = [
  // The navigation box: the keywords of spec 000 §2, then a few more a person is likely to type.
  { kind: 'route', page: 'home', keywords: { en: ['home', 'homepage'], es: ['inicio', 'página principal'], fr: ['accueil'] } },
  { kind: 'route', page: 'pricing', keywords: { en: ['pricing', 'prices'], es: ['precios', 'tarifas'], fr: ['tarifs', 'prix'] } },
  { kind: 'route', page: 'faxPlans', keywords: { en: ['plans'], es: ['planes'], fr: ['forfaits', 'offres'] } },
  { kind: 'route', page: 'pricing', keywords: { en: ['cost'], es: ['costo', 'coste'], fr: ['coût'] } },
  { kind: 'route', page: 'support', keywords: { en: ['support'], es: ['soporte', 'asistencia'], fr: ['assistance', 'support'] } },
  { kind: 'route', page: 'support', keywords: { en: ['help'], es: ['ayuda'], fr: ['aide'] } },
  { kind: 'route', page: 'developers', keywords: { en: ['developers'], es: ['desarrolladores'], fr: ['développeurs'] } },
  { kind: 'route', page: 'developers', keywords: { en: ['api'], es: ['api'], fr: ['api'] } },
  {
    kind: 'route',
    page: 'apiDocumentation',
    keywords: { en: ['api documentation', 'api docs'], es: ['documentación de la api'], fr: ["documentation de l'api"] },
  },
  {
    kind: 'route',
    page: 'aboutUs',
    keywords: { en: ['about us'], es: ['sobre nosotros', 'quiénes somos', 'acerca de'], fr: ['à propos', 'qui sommes-nous'] },
  },
  {
    kind: 'route',
    page: 'reviews',
    keywords: { en: ['reviews', 'testimonials'], es: ['opiniones', 'reseñas'], fr: ['avis', 'témoignages'] },
  },
  { kind: 'route', page: 'contact', keywords: { en: ['contact'], es: ['contacto', 'contactar'], fr: ['contact', 'nous contacter'] } },
  { kind: 'route', page: 'signIn', keywords: { en: ['sign in'], es: ['iniciar sesión', 'inicio de sesión'], fr: ['se connecter'] } },
  { kind: 'route', page: 'signIn', keywords: { en: ['login', 'log in'], es: ['acceder'], fr: ['connexion'] } },
  {
    kind: 'route',
    page: 'signUp',
    keywords: { en: ['sign up'], es: ['registrarse', 'crear una cuenta'], fr: ['inscription', 'créer un compte'] },
  },
  { kind: 'route', page: 'signUp', keywords: { en: ['register'], es: ['registro'], fr: ["s'inscrire"] } },
  {
    kind: 'route',
    page: 'verifyReceipt',
    keywords: {
      en: ['transmission report', 'verify receipt', 'proof of delivery'],
      es: ['informe de transmisión', 'verificar informe', 'prueba de entrega'],
      fr: ['rapport de transmission', 'vérifier un rapport', 'preuve de remise'],
    },
  },
  { kind: 'route', page: 'dashboard', keywords: { en: ['dashboard'], es: ['panel', 'tablero'], fr: ['tableau de bord'] } },
  { kind: 'route', page: 'dashboard', keywords: { en: ['my account'], es: ['mi cuenta'], fr: ['mon compte'] } },
  { kind: 'route', page: 'profile', keywords: { en: ['profile'], es: ['perfil'], fr: ['profil'] } },
  { kind: 'route', page: 'settings', keywords: { en: ['settings'], es: ['configuración', 'ajustes'], fr: ['paramètres', 'réglages'] } },
  {
    kind: 'route',
    page: 'sendFax',
    keywords: { en: ['send fax', 'send a fax'], es: ['enviar fax', 'enviar un fax'], fr: ['envoyer un fax', 'envoyer fax'] },
  },
  {
    kind: 'route',
    page: 'faxHistory',
    keywords: {
      en: ['fax history'],
      es: ['historial de faxes', 'historial de fax'],
      fr: ['historique des fax', 'historique des télécopies'],
    },
  },
  {
    kind: 'route',
    page: 'adminDashboard',
    keywords: {
      en: ['admin dashboard', 'admin panel'],
      es: ['panel de administración', 'panel de admin'],
      fr: ['tableau de bord admin', "tableau de bord d'administration"],
    },
  },
  {
    kind: 'route',
    page: 'userManagement',
    keywords: { en: ['user management', 'manage users'], es: ['gestión de usuarios'], fr: ['gestion des utilisateurs'] },
  },
  {
    kind: 'route',
    page: 'numberManagement',
    keywords: { en: ['number management', 'manage numbers'], es: ['gestión de números'], fr: ['gestion des numéros'] },
  },

  // Both helpers: the chat's confirmations (spec 000 §4). Its replies tell the reader which words to type.
  { kind: 'confirm', page: 'faxPlans', keywords: { en: ['yes pricing'], es: ['sí precios'], fr: ['oui tarifs'] } },
  { kind: 'confirm', page: 'support', keywords: { en: ['yes support'], es: ['sí soporte'], fr: ['oui assistance'] } },
  { kind: 'confirm', page: 'sendFax', keywords: { en: ['yes send fax'], es: ['sí enviar fax'], fr: ['oui envoyer un fax'] } },

  // The chat helper's replies (spec 000 §4), with the words its quick-question chips send.
  { kind: 'reply', reply: 'greeting', keywords: { en: ['hello', 'hi', 'hey'], es: ['hola', 'buenos días'], fr: ['bonjour', 'salut'] } },
  {
    kind: 'reply',
    reply: 'pricing',
    keywords: {
      en: ['pricing', 'plans', 'prices', 'price', 'cost'],
      es: ['precios', 'planes', 'precio'],
      fr: ['tarifs', 'forfaits', 'prix'],
    },
  },
  { kind: 'reply', reply: 'support', keywords: { en: ['support', 'help'], es: ['soporte', 'ayuda'], fr: ['assistance', 'aide'] } },
  {
    kind: 'reply',
    reply: 'sendFax',
    keywords: { en: ['send fax', 'send a fax'], es: ['enviar fax', 'enviar un fax'], fr: ['envoyer un fax', 'envoyer fax'] },
  },
  { kind: 'reply', reply: 'thanks', keywords: { en: ['thank you', 'thanks'], es: ['gracias'], fr: ['merci'] } },
];

/** Lower case, no accents, and every run of punctuation or spaces as one space: "¿Sí, precios?" reads "si precios". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const normalizedKeywords = new Map<TKeywordRule, string[]>(
  KEYWORD_RULES.map((rule) => [rule, Object.values(rule.keywords).flat().map(normalizeText)]),
);

/**
 * The rule among `kinds` with the longest keyword found in `input` (the first such rule on a tie), or null. With
 * `wholeWords`, a keyword must stand as whole words ('hi' is not found in 'this'); without, anywhere (spec 000 §2:
 * "may be a substring of the input").
 */
function findRule<K extends TKeywordRule['kind']>(
  input: string,
  kinds: readonly K[],
  wholeWords: boolean,
): Extract<TKeywordRule, { kind: K }> | null {
  const text = normalizeText(input);
  if (text === '') return null;
  const haystack = wholeWords ? ` ${text} ` : text;
  let best: { rule: TKeywordRule; length: number } | null = null;
  for (const rule of KEYWORD_RULES) {
    if (!(kinds as readonly string[]).includes(rule.kind)) continue;
    for (const keyword of normalizedKeywords.get(rule) ?? []) {
      const found = haystack.includes(wholeWords ? ` ${keyword} ` : keyword);
      if (found && keyword.length > (best?.length ?? 0)) best = { rule, length: keyword.length };
    }
  }
  return (best?.rule as Extract<TKeywordRule, { kind: K }> | undefined) ?? null;
}

/** The page the navigation box should open for what was typed, or null for 'Not Found'. */
export function matchNavigation(input: string): TPage | null {
  return findRule(input, ['route', 'confirm'], false)?.page ?? null;
}

/** What the chat helper does with a message: go to a page, answer, or (null) give its fallback answer. */
export function matchChat(input: string): { page: TPage } | { reply: TReply } | null {
  const rule = findRule(input, ['confirm', 'reply'], true);
  if (!rule) return null;
  return rule.kind === 'confirm' ? { page: rule.page } : { reply: rule.reply };
}
