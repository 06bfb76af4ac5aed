import { randomUUID } from 'node:crypto';
import { YEARLY_DISCOUNT, type TPlan } from '@faxline/shared';
import type { Database } from '../platform/db/client';
import { claimSeedRun } from '../platform/db/seed-runs';
import { plans } from './schema';

type SeedPlan = Omit<TPlan, 'id' | 'currency' | 'yearlyMonthlyPriceCents'>;

/** Yearly billing saves 20%: the monthly price when billed yearly, rounded to the cent. */
export const yearlyMonthlyPrice = (monthlyCents: number | null) =>
  monthlyCents === null ? null : Math.round(monthlyCents * (1 - YEARLY_DISCOUNT));

/** What a plan for one desk gives unless it says otherwise: one user, one number, no API, webhooks or fax to e-mail. */
const ONE_DESK_OFFER = {
  apiAccess: false,
  webhooks: false,
  faxToEmail: false,
  maxUsers: 1,
  faxNumbersIncluded: 1,
  isPopular: false,
  isHipaa: false,
} satisfies Partial<SeedPlan>;

/** What a plan for a team gives: the API, webhooks and fax to e-mail, for as many users as it has. */
const TEAM_OFFER = { ...ONE_DESK_OFFER, apiAccess: true, webhooks: true, faxToEmail: true, maxUsers: null } satisfies Partial<SeedPlan>;

/**
 * The starting catalogue of DESIGN.md: the fax plans page's four standard plans and the pricing page's two healthcare
 * plans (spec 000 §9). Product data, not demo data: it is seeded into every new database, once; operators then edit
 * it in the back office.
 */
export const STARTING_CATALOGUE: SeedPlan[] = [
  {
    slug: 'basic',
    name: 'Basic',
    category: 'standard',
    monthlyPriceCents: 999,
    pagesPerMonth: 150,
    apiRequestsPerMinute: 100,
    ...ONE_DESK_OFFER,
    text: {
      en: { description: 'For occasional faxing from one desk.', features: ['150 pages per month', 'Email to fax', 'Standard support'] },
      es: {
        description: 'Para enviar faxes de vez en cuando desde un puesto.',
        features: ['150 páginas al mes', 'Correo electrónico a fax', 'Soporte estándar'],
      },
      fr: {
        description: 'Pour faxer de temps en temps depuis un poste.',
        features: ['150 pages par mois', 'E-mail vers fax', 'Assistance standard'],
      },
    },
  },
  {
    slug: 'professional',
    name: 'Professional',
    category: 'standard',
    monthlyPriceCents: 1999,
    pagesPerMonth: 500,
    apiRequestsPerMinute: 300,
    ...ONE_DESK_OFFER,
    faxToEmail: true,
    isPopular: true,
    text: {
      en: {
        description: 'For small offices that send and receive every day.',
        features: ['500 pages per month', 'Email to fax and fax to email', 'Priority support'],
      },
      es: {
        description: 'Para oficinas pequeñas que envían y reciben a diario.',
        features: ['500 páginas al mes', 'Correo a fax y fax a correo', 'Soporte prioritario'],
      },
      fr: {
        description: 'Pour les petits bureaux qui envoient et reçoivent chaque jour.',
        features: ['500 pages par mois', 'E-mail vers fax et fax vers e-mail', 'Assistance prioritaire'],
      },
    },
  },
  {
    slug: 'business',
    name: 'Business',
    category: 'standard',
    monthlyPriceCents: 4999,
    pagesPerMonth: 2000,
    apiRequestsPerMinute: 1000,
    ...TEAM_OFFER,
    text: {
      en: {
        description: 'For teams that fax from several desks and systems.',
        features: ['2000 pages per month', 'All Professional features', 'API access', 'Multiple users'],
      },
      es: {
        description: 'Para equipos que envían faxes desde varios puestos y sistemas.',
        features: ['2000 páginas al mes', 'Todas las funciones de Professional', 'Acceso a la API', 'Varios usuarios'],
      },
      fr: {
        description: 'Pour les équipes qui faxent depuis plusieurs postes et systèmes.',
        features: ['2000 pages par mois', 'Toutes les fonctions Professional', 'Accès à l’API', 'Plusieurs utilisateurs'],
      },
    },
  },
  {
    slug: 'enterprise',
    name: 'Enterprise',
    category: 'standard',
    monthlyPriceCents: null,
    pagesPerMonth: null,
    apiRequestsPerMinute: 3000,
    ...TEAM_OFFER,
    text: {
      en: {
        description: 'For organisations with high volumes or special requirements.',
        features: ['Custom page limits', 'Dedicated account manager', 'Advanced security', 'Custom integrations'],
      },
      es: {
        description: 'Para organizaciones con grandes volúmenes o requisitos especiales.',
        features: ['Límites de páginas a medida', 'Gestor de cuenta dedicado', 'Seguridad avanzada', 'Integraciones a medida'],
      },
      fr: {
        description: 'Pour les organisations à fort volume ou aux besoins particuliers.',
        features: ['Volumes de pages sur mesure', 'Responsable de compte dédié', 'Sécurité avancée', 'Intégrations sur mesure'],
      },
    },
  },
  {
    slug: 'hipaa-basic',
    name: 'HIPAA Basic',
    category: 'healthcare',
    monthlyPriceCents: 1495,
    pagesPerMonth: 200,
    apiRequestsPerMinute: 100,
    ...ONE_DESK_OFFER,
    isHipaa: true,
    text: {
      en: {
        description: 'For practices that exchange protected health information.',
        features: ['200 pages per month', 'Business associate agreement (BAA)', 'Encrypted storage', 'Audit trails'],
      },
      es: {
        description: 'Para consultas que intercambian información sanitaria protegida.',
        features: ['200 páginas al mes', 'Acuerdo de socio comercial (BAA)', 'Almacenamiento cifrado', 'Registros de auditoría'],
      },
      fr: {
        description: 'Pour les cabinets qui échangent des informations de santé protégées.',
        features: ['200 pages par mois', 'Accord de partenaire commercial (BAA)', 'Stockage chiffré', 'Journaux d’audit'],
      },
    },
  },
  {
    slug: 'hipaa-plus',
    name: 'HIPAA Plus',
    category: 'healthcare',
    monthlyPriceCents: 2995,
    pagesPerMonth: 750,
    apiRequestsPerMinute: 300,
    ...ONE_DESK_OFFER,
    isPopular: true,
    isHipaa: true,
    text: {
      en: {
        description: 'For clinics and healthcare teams with daily fax traffic.',
        features: ['750 pages per month', 'Business associate agreement (BAA)', 'Enhanced security', 'Healthcare support'],
      },
      es: {
        description: 'Para clínicas y equipos sanitarios con faxes a diario.',
        features: ['750 páginas al mes', 'Acuerdo de socio comercial (BAA)', 'Seguridad reforzada', 'Soporte especializado en salud'],
      },
      fr: {
        description: 'Pour les cliniques et équipes de santé qui faxent chaque jour.',
        features: ['750 pages par mois', 'Accord de partenaire commercial (BAA)', 'Sécurité renforcée', 'Assistance dédiée à la santé'],
      },
    },
  },
];

export const CATALOGUE_SEED = 'plan-catalogue-v1';

/** What a paying plan of the starting catalogue charges a month for each number beyond the one it includes (decision 112). */
const EXTRA_NUMBER_CENTS_PER_MONTH = 500;

/** Seeds the starting catalogue into a new database, once (whatever happens to the plans afterwards). */
export async function seedPlanCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimSeedRun(tx, CATALOGUE_SEED))) return false;
    await tx.insert(plans).values(
      STARTING_CATALOGUE.map((plan, index) => ({
        ...plan,
        id: randomUUID(),
        currency: 'USD',
        yearlyMonthlyPriceCents: yearlyMonthlyPrice(plan.monthlyPriceCents),
        extraNumberCentsPerMonth: plan.monthlyPriceCents === null ? null : EXTRA_NUMBER_CENTS_PER_MONTH,
        sortOrder: index,
      })),
    );
    return true;
  });
}
