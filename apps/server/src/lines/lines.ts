import { isSandboxTestNumber, type TAdminDashboard } from '@faxline/shared';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { FaxLine, Inbox, TryImages } from './fax-line';
import { hylafaxLine } from './hylafax/hylafax-line';
import { carrierLine } from './carriers/carrier-line';
import { configuredCarriers } from './carriers/carriers';
import { NO_CARRIERS, type Carriers } from './carriers/carrier-setup';
import { routeOf } from './carriers/routes';
import { internalLine } from './internal-line';
import { sandboxLine } from './sandbox-line';

export type LineDeps = {
  db: Database;
  files: FileStore;
  inbox: Inbox;
  tryImages: TryImages;
  clockScale: number;
  /** Which numbers outside Faxline the sandbox takes (config `SANDBOX_LINE`): all of them, or its test numbers only. */
  sandboxServes: TConfig['sandboxLine'];
  /** The T.30 engine the sandbox calls its remote machine with (config `FAXMODEM_PATH`). */
  faxModemPath: string;
  /** The operator's HylaFAX server (config `HYLAFAX_*`), when there is one. */
  hylafax?: TConfig['hylafax'];
  /** The carriers in force and their routes (the environment's or the back office's: `linesInForce`). */
  carriers: Carriers;
  config: Pick<TConfig, 'publicUrl' | 'authSecret' | 'dataDir'>;
};

/** Faxline's lines, in the order they are asked whether they take a number: the first that does carries the fax. */
export function faxLines(deps: LineDeps): FaxLine[] {
  const sandbox = sandboxLine(deps);
  return [
    internalLine(deps),
    ...(deps.hylafax ? [hylafaxLine({ files: deps.files, hylafax: deps.hylafax })] : []),
    ...configuredCarriers(deps.carriers).map((carrier) =>
      carrierLine({
        carrier,
        takes: (toNumber) => routeOf(deps.carriers.routes, toNumber)?.primary === carrier.name,
        files: deps.files,
        tryImages: deps.tryImages,
        config: deps.config,
      }),
    ),
    deps.sandboxServes === 'every-number'
      ? sandbox
      : { ...sandbox, accepts: async (toNumber: string) => isSandboxTestNumber(toNumber) && sandbox.accepts(toNumber) },
  ];
}

/** What each line serves, as the back office shows it: the lines `faxLines` makes, in its order. */
export function linesInUse(
  sandboxServes: LineDeps['sandboxServes'],
  hylafax: TConfig['hylafax'] = null,
  carriers: Carriers = NO_CARRIERS,
): TAdminDashboard['lines'] {
  return [
    { name: 'internal', serves: 'faxline-numbers', health: null },
    ...(hylafax
      ? [{ name: 'hylafax', serves: hylafax.serves === 'outside-numbers' ? 'outside-numbers' : 'number-prefixes', health: null } as const]
      : []),
    ...configuredCarriers(carriers).map(({ name }) => {
      const firstFor = carriers.routes.filter((route) => route.primary === name);
      return {
        name,
        serves: firstFor.some((route) => route.prefix === 'all') ? 'outside-numbers' : 'number-prefixes',
        health: null,
      } as const;
    }),
    { name: 'sandbox', serves: sandboxServes === 'every-number' ? 'outside-numbers' : 'test-numbers', health: null },
  ];
}

/**
 * The line that carries a fax to the number: decided once, when the fax is accepted, and kept with the fax. A number
 * no line serves is refused then, with what the operator must configure: nothing is stored, nothing counted.
 */
export async function chooseLine(lines: FaxLine[], toNumber: string): Promise<FaxLine> {
  for (const line of lines) if (await line.accepts(toNumber)) return line;
  throw new AppError('invalid_request', 'errors.noLineForNumber', { number: toNumber });
}

/** The line a fax was given when it was accepted. */
export function lineNamed(lines: FaxLine[], name: string): FaxLine {
  const line = lines.find((candidate) => candidate.name === name);
  if (!line) throw new Error(`No fax line is named ${name}`);
  return line;
}

/**
 * Which numbers outside Faxline a real line serves (HylaFAX's numbers, the carriers' routes), as the send page says
 * it: every one, those with these prefixes, or none (then the sandbox's test numbers are all there is).
 */
export function outsideNumbersServed(hylafax: TConfig['hylafax'], carriers: Carriers): 'all' | string[] | null {
  const served = [
    ...(hylafax ? (hylafax.serves === 'outside-numbers' ? ['all'] : hylafax.serves) : []),
    ...carriers.routes.map((route) => route.prefix),
  ];
  if (served.includes('all')) return 'all';
  return served.length > 0 ? [...new Set(served)] : null;
}
