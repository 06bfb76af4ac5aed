import { LANGUAGES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import enCommon from '@/locales/en/common.json';
import esCommon from '@/locales/es/common.json';
import frCommon from '@/locales/fr/common.json';

import { DESTINATIONS, KEYWORD_RULES, matchNavigation, normalizeText, type TPage } from './keyword-routes';

const pathOf = (input: string) => {
  const page = matchNavigation(input);
  return page === null ? null : DESTINATIONS[page].path;
};

describe('the navigation box keywords', () => {
  // Spec 000 §2, every keyword, with the route paths of spec 000 §2 and spec 001 §2.
  it.each([
    ['home', '/'],
    ['pricing', '/pricing'],
    ['plans', '/fax-plans'],
    ['cost', '/pricing'],
    ['support', '/support'],
    ['help', '/support'],
    ['developers', '/developers'],
    ['api', '/developers'],
    ['about us', '/about-us'],
    ['reviews', '/reviews'],
    ['contact', '/contact'],
    ['sign in', '/sign-in'],
    ['login', '/sign-in'],
    ['sign up', '/sign-up'],
    ['register', '/sign-up'],
    ['dashboard', '/user/dashboard'],
    ['my account', '/user/dashboard'],
    ['profile', '/user/profile'],
    ['settings', '/user/settings'],
    ['send fax', '/user/send-fax'],
    ['fax history', '/user/fax-history'],
    ['admin dashboard', '/admin/dashboard'],
    ['user management', '/admin/users'],
    ['number management', '/admin/numbers'],
    ['transmission report', '/verify-receipt'],
    ['proof of delivery', '/verify-receipt'],
  ])('"%s" goes to %s', (keyword, path) => {
    expect(pathOf(keyword)).toBe(path);
    // Anywhere in what was typed, whatever the case (spec 000 §2: "may be a substring of the input").
    expect(pathOf(`Please take me to ${keyword.toUpperCase()} now`)).toBe(path);
  });

  it.each([
    ['inicio', '/'],
    ['accueil', '/'],
    ['precios', '/pricing'],
    ['tarifs', '/pricing'],
    ['planes', '/fax-plans'],
    ['forfaits', '/fax-plans'],
    ['soporte', '/support'],
    ['ayuda', '/support'],
    ['aide', '/support'],
    ['desarrolladores', '/developers'],
    ['développeurs', '/developers'],
    ['sobre nosotros', '/about-us'],
    ['à propos', '/about-us'],
    ['opiniones', '/reviews'],
    ['avis', '/reviews'],
    ['contacto', '/contact'],
    ['iniciar sesión', '/sign-in'],
    ['connexion', '/sign-in'],
    ['registrarse', '/sign-up'],
    ['inscription', '/sign-up'],
    ['panel', '/user/dashboard'],
    ['tableau de bord', '/user/dashboard'],
    ['mi cuenta', '/user/dashboard'],
    ['mon compte', '/user/dashboard'],
    ['perfil', '/user/profile'],
    ['profil', '/user/profile'],
    ['configuración', '/user/settings'],
    ['paramètres', '/user/settings'],
    ['enviar fax', '/user/send-fax'],
    ['envoyer un fax', '/user/send-fax'],
    ['historial de faxes', '/user/fax-history'],
    ['historique des fax', '/user/fax-history'],
    ['panel de administración', '/admin/dashboard'],
    ['tableau de bord admin', '/admin/dashboard'],
    ['gestión de usuarios', '/admin/users'],
    ['gestion des utilisateurs', '/admin/users'],
    ['gestión de números', '/admin/numbers'],
    ['gestion des numéros', '/admin/numbers'],
  ])('understands the Spanish or French "%s" (%s)', (keyword, path) => {
    expect(pathOf(keyword)).toBe(path);
  });

  it('has keywords in every language for every page, and each one leads to its own page', () => {
    for (const rule of KEYWORD_RULES) {
      if (rule.kind === 'reply') continue;
      for (const language of LANGUAGES) {
        expect(rule.keywords[language].length, `${rule.page} in ${language}`).toBeGreaterThan(0);
        for (const keyword of rule.keywords[language]) {
          expect(matchNavigation(keyword), `${language} "${keyword}"`).toBe(rule.page);
        }
      }
    }
  });

  it('lets the longest keyword win', () => {
    const cases: Array<[string, TPage]> = [
      ['admin dashboard', 'adminDashboard'], // not 'dashboard'
      ['open the admin panel please', 'adminDashboard'],
      ['send fax history', 'faxHistory'], // 'fax history' is longer than 'send fax'
      ['inicio de sesión', 'signIn'], // not 'inicio' (home)
      ['panel de administración', 'adminDashboard'], // not 'panel'
      ["tableau de bord d'administration", 'adminDashboard'], // not 'tableau de bord'
      ['yes pricing', 'faxPlans'], // the chat's confirmation, not 'pricing'
      ['api documentation', 'apiDocumentation'], // not 'api'
      ['contact support', 'support'], // 'support' is longer than 'contact'
    ];
    for (const [input, page] of cases) expect(matchNavigation(input), input).toBe(page);
  });

  it('ignores accents, case and punctuation', () => {
    expect(pathOf('INICIAR SESION')).toBe('/sign-in');
    expect(pathOf('¡Paramètres!')).toBe('/user/settings');
    expect(pathOf('sign-in')).toBe('/sign-in');
    expect(pathOf('gestion des numeros')).toBe('/admin/numbers');
    expect(normalizeText('  ¿Sí,   PRECIOS? ')).toBe('si precios');
  });

  it('finds nothing for unrelated or empty input', () => {
    expect(matchNavigation('quantum physics')).toBeNull();
    expect(matchNavigation('')).toBeNull();
    expect(matchNavigation('  ?! ')).toBeNull();
  });

  it.each([
    ['en', enCommon],
    ['es', esCommon],
    ['fr', frCommon],
  ] as const)("suggests, in 'Not Found' (%s), words that work", (_language, common) => {
    const text = common.assistant.nav.notFoundDescription;
    const quoted = [...text.matchAll(/'([\p{L} ]+)'|«\s*([^»]+?)\s*»/gu)].map((m) => m[1] ?? m[2]);
    expect(quoted).toHaveLength(2);
    expect(quoted.map((word) => matchNavigation(word ?? ''))).toEqual(['pricing', 'dashboard']);
  });
});
