import { webPaths } from '@faxline/shared';
import { randomBytes } from 'node:crypto';
import { createPerson, type PersonDeps } from '../accounts/create-person';
import { claimSeedRun } from '../platform/db/seed-runs';

export const DEMO_SEED = 'demo-data-v1';

export type DemoCredentials = Array<{ who: string; email: string; password: string }>;

/** Readable, hard to guess, and never among the common passwords. */
const demoPassword = () => `demo-${randomBytes(9).toString('base64url')}`;

/**
 * Demo data for a fresh local install (DEMO_DATA, on in development): a platform admin and a customer, clearly named
 * as demo. Runs once per database: the marker row is written in the same transaction that claims the seed, so two
 * servers starting together seed once. Returns the credentials to print, or null when the seed had already run.
 */
export async function seedDemoData(deps: PersonDeps): Promise<DemoCredentials | null> {
  if (!(await claimSeedRun(deps.db, DEMO_SEED))) return null;
  const people = [
    { who: 'Platform admin (demo)', name: 'Demo Admin', email: 'admin@demo.faxline.localhost', platformRole: 'admin' as const },
    { who: 'Customer (demo)', name: 'Demo Customer', email: 'customer@demo.faxline.localhost', platformRole: 'user' as const },
  ];
  const credentials: DemoCredentials = [];
  for (const person of people) {
    const password = demoPassword();
    await createPerson(deps, { ...person, password, emailVerified: true });
    credentials.push({ who: person.who, email: person.email, password });
  }
  return credentials;
}

export function formatDemoCredentials(credentials: DemoCredentials, publicUrl: string): string {
  const lines = credentials.map((c) => `  ${c.who.padEnd(24)} ${c.email}  /  ${c.password}`);
  return [
    '',
    'Faxline demo data was created. These passwords are shown this once:',
    ...lines,
    `  Sign in at ${publicUrl}${webPaths.signIn.path} (the admin back office: ${publicUrl}${webPaths.admin.login.path}).`,
    '',
  ].join('\n');
}
