import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { freePort, repoRoot, startProcess, tempDataDir, waitForReady } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The run's first platform admin, made with the operators' own command; it adds the test files' admins. */
    operator: { email: string; password: string };
    /** The server's data folder: where `npm run fax:call` finds its sandbox exchange, as on a developer's machine. */
    dataDir: string;
    /** Where the server asks DNS (DNS_SERVERS): a test that needs a record starts its DNS server there (test-support/dns-server.ts). */
    dnsPort: number;
    /** The server's SMTP gateway (e-mail to fax, answers to support replies): a test that sends mail to it. */
    smtpPort: number;
  }
}

/**
 * The first platform admin, as an operator makes it on a new installation: `npm run admin:create` on the server's
 * database while the server runs. The test files' admins are added by this one through the back office (Add User,
 * role Admin): one run of the command loads the whole server through tsx, about 10 s of CPU, once instead of once
 * per file (decision 078, eighth look).
 */
async function createOperator(dataDir: string): Promise<{ email: string; password: string }> {
  const operator = { email: uniqueEmail('operator'), password: PASSWORD };
  const run = startProcess(
    'npm',
    ['run', 'admin:create', '--', '--email', operator.email, '--password', operator.password, '--name', 'Operator'],
    {
      DATA_DIR: dataDir,
    },
  );
  const code = await run.exited;
  if (code !== 0) throw new Error(`npm run admin:create ended with ${code}:\n${run.output()}`);
  return operator;
}

/**
 * More numbers for the run's sign-ups, added by the operator through the back office as an operator would: the seeded
 * hundred (+1 415 555 01xx) run short over a whole run, now that a released number waits out its 30-day quarantine
 * (decision 112). Two more fictional ranges, used by no test as a recipient.
 */
async function addInventory(baseUrl: string, operator: { email: string; password: string }): Promise<void> {
  const access = await fetch(`${baseUrl}/api/admin-access`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(operator),
  });
  if (access.status !== 200) throw new Error(`the operator's back-office access: ${access.status} ${await access.text()}`);
  const cookie = access.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (const area of ['312', '617']) {
    const added = await fetch(`${baseUrl}/api/admin/numbers`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ from: `+1${area}5550100`, to: `+1${area}5550199` }),
    });
    if (added.status !== 201) throw new Error(`adding +1 ${area} 555 01xx: ${added.status} ${await added.text()}`);
  }
}

/**
 * One production server for the browser tests: the built bundle (`npm test` builds first) on its embedded database
 * in a folder of its own, stopped with SIGTERM at the end.
 */
export default async function setup(project: TestProject) {
  // E2E_BUILD=<name> tests a private build made by `scripts/build-private.sh <name>` instead of the shared one.
  const privateBuild = process.env.E2E_BUILD;
  const bundle = privateBuild
    ? path.join(repoRoot, 'apps/server/.builds', privateBuild, 'main.js')
    : path.join(repoRoot, 'apps/server/dist/main.js');
  const webDist = privateBuild ? path.join(repoRoot, 'apps/web/.builds', privateBuild) : path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(bundle) || !existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The production build is missing: run `npm run build` (npm test does it for you).');
  }
  const dataDir = await tempDataDir('faxline-e2e-');
  const port = await freePort();
  const dnsPort = await freePort();
  const smtpPort = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // NODE_ENV=test: e-mail confirmation on (as in production), the local mailbox open for the tests to read. Every
  // browser of the run shares one address, so the per-address limits are raised (the limits have their own tests).
  const server = startProcess(process.execPath, [bundle], {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    RATE_LIMIT_FACTOR: '100',
    // A fast fax clock: the sandbox line's call time and the retry waits at a tenth (a one-page fax is delivered in
    // about a second instead of ten; a busy number is tried again after 18 s instead of 3 minutes).
    FAX_CLOCK_SCALE: '0.1',
    // Billing in test mode against the Stripe simulator, as `npm start` on a fresh machine (decision 082): buying a
    // plan and the back office's promotions (decision 088) can be clicked through.
    STRIPE_SIMULATOR: 'true',
    // Single sign-on's domain proof asks this DNS server, which the test that proves a domain starts (sso.test.ts).
    DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    // The SMTP gateway on a port the tests know: an answer to a support reply's e-mail is sent there (customer-support.test.ts).
    SMTP_INGRESS_PORT: String(smtpPort),
    ...(privateBuild ? { WEB_DIST_DIR: webDist } : {}),
  });
  await waitForReady(baseUrl, server.child, server.output);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('dnsPort', dnsPort);
  project.provide('smtpPort', smtpPort);
  const operator = await createOperator(dataDir);
  project.provide('operator', operator);
  await addInventory(baseUrl, operator);

  return async () => {
    server.signal('SIGTERM');
    await server.exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
