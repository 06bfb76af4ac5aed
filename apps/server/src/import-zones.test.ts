import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The import-zone errors ESLint reports for a file of this content at this place in the server (never written). */
async function zoneErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe("the server's import zones (eslint.config.js)", () => {
  it("refuse a capability that imports another's routes, and let it use that capability's services", async () => {
    expect(await zoneErrors('tickets/probe.ts', "import { faxRoutes } from '../faxes/routes';\nexport const x = faxRoutes;\n")).toEqual([
      expect.stringContaining("A capability uses another's services, never its routes"),
    ]);
    expect(await zoneErrors('tickets/probe.ts', "import { sendFax } from '../faxes/send-fax';\nexport const x = sendFax;\n")).toEqual([]);
  });

  it('refuse a capability an import from its own floor or a higher one, and let it import from a lower floor', async () => {
    expect(await zoneErrors('audit/probe.ts', "import { faxAttemptsOf } from '../faxes/fax-records';\nexport const x = faxAttemptsOf;\n")).toEqual([
      expect.stringContaining('faxes/ is on the same floor as audit/ or above it'),
    ]);
    expect(await zoneErrors('contacts/probe.ts', "import { x as y } from '../blocklist/blocklist';\nexport const x = y;\n")).toEqual([
      expect.stringContaining('blocklist/ is on the same floor as contacts/ or above it'),
    ]);
    expect(await zoneErrors('faxes/probe.ts', "import { addMember } from '../accounts/membership';\nexport const x = addMember;\n")).toEqual([]);
  });

  it('allow no exception: the imports once let through by name are refused like any other', async () => {
    expect(await zoneErrors('accounts/probe.ts', "import { assignFreeNumber } from '../numbers/numbers';\nexport const x = assignFreeNumber;\n")).toEqual([
      expect.stringContaining('numbers/ is on the same floor as accounts/ or above it'),
    ]);
    expect(await zoneErrors('auth/probe.ts', "import { accounts } from '../accounts/schema';\nexport const x = accounts;\n")).toEqual([
      expect.stringContaining('accounts/ is on the same floor as auth/ or above it'),
    ]);
  });

  it('refuse platform/ anything from a capability or from the files beside app.ts, and let it use platform/', async () => {
    const groundFloor = expect.stringContaining('platform/ is the ground floor');
    expect(await zoneErrors('platform/probe.ts', "import { sendFax } from '../faxes/send-fax';\nexport const x = sendFax;\n")).toEqual([
      groundFloor,
    ]);
    expect(await zoneErrors('platform/queue/probe.ts', "import { jobs } from '../../jobs';\nexport const x = jobs;\n")).toEqual([
      groundFloor,
    ]);
    expect(await zoneErrors('platform/files/probe.ts', "import { loadConfig } from '../config';\nexport const x = loadConfig;\n")).toEqual(
      [],
    );
  });

  it('refuse lines/ anything from faxes/', async () => {
    expect(await zoneErrors('lines/probe.ts', "import { faxInbox } from '../faxes/inbox';\nexport const x = faxInbox;\n")).toEqual([
      expect.stringContaining('they do not import faxes/'),
    ]);
  });
}, 60_000);
