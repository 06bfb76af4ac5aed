import { isSandboxTestNumber, type TAdminDashboard } from '@faxline/shared';
import type { FileStore } from '../documents/encrypted-file-store';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { FaxLine, Inbox } from './fax-line';
import { hylafaxLine } from './hylafax/hylafax-line';
import { telnyxLine } from './carriers/telnyx-line';
import { internalLine } from './internal-line';
import { sandboxLine } from './sandbox-line';

export type LineDeps = {
  db: Database;
  files: FileStore;
  inbox: Inbox;
  clockScale: number;
  /** Which numbers outside Faxline the sandbox takes (config `SANDBOX_LINE`): all of them, or its test numbers only. */
  sandboxServes: TConfig['sandboxLine'];
  /** The T.30 engine the sandbox calls its remote machine with (config `FAXMODEM_PATH`). */
  faxModemPath: string;
  /** The operator's HylaFAX server (config `HYLAFAX_*`), when there is one. */
  hylafax?: TConfig['hylafax'];
  /** Telnyx (config `TELNYX_*`), when there is an account, and what its media links and webhooks are made with. */
  telnyx?: TConfig['telnyx'];
  config: Pick<TConfig, 'publicUrl' | 'authSecret' | 'dataDir'>;
};

/** Faxline's lines, in the order they are asked whether they take a number: the first that does carries the fax. */
export function faxLines(deps: LineDeps): FaxLine[] {
  const sandbox = sandboxLine(deps);
  return [
    internalLine(deps),
    ...(deps.hylafax ? [hylafaxLine({ files: deps.files, hylafax: deps.hylafax, faxModemPath: deps.faxModemPath })] : []),
    ...(deps.telnyx ? [telnyxLine({ telnyx: deps.telnyx, config: deps.config })] : []),
    deps.sandboxServes === 'every-number'
      ? sandbox
      : { ...sandbox, accepts: async (toNumber: string) => isSandboxTestNumber(toNumber) && sandbox.accepts(toNumber) },
  ];
}

/** What each line serves, as the back office shows it (issue 16): the lines `faxLines` makes, in its order. */
export function linesInUse(
  sandboxServes: LineDeps['sandboxServes'],
  hylafax: TConfig['hylafax'] = null,
  telnyx: TConfig['telnyx'] = null,
): TAdminDashboard['lines'] {
  return [
    { name: 'internal', serves: 'faxline-numbers' },
    ...(hylafax
      ? [{ name: 'hylafax', serves: hylafax.serves === 'outside-numbers' ? 'outside-numbers' : 'number-prefixes' } as const]
      : []),
    ...(telnyx ? [{ name: 'telnyx', serves: telnyx.serves === 'outside-numbers' ? 'outside-numbers' : 'number-prefixes' } as const] : []),
    { name: 'sandbox', serves: sandboxServes === 'every-number' ? 'outside-numbers' : 'test-numbers' },
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
