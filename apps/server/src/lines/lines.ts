import type { FileStore } from '../documents/encrypted-file-store';
import type { Database } from '../platform/db/client';
import type { FaxLine, Inbox } from './fax-line';
import { internalLine } from './internal-line';
import { sandboxLine } from './sandbox-line';

export type LineDeps = { db: Database; files: FileStore; inbox: Inbox; clockScale: number };

/** Faxline's lines, in the order they are asked whether they take a number: the first that does carries the fax. */
export function faxLines(deps: LineDeps): FaxLine[] {
  return [internalLine(deps), sandboxLine(deps)];
}

/** The line that carries a fax to the number: decided once, when the fax is accepted, and kept with the fax. */
export async function chooseLine(lines: FaxLine[], toNumber: string): Promise<FaxLine> {
  for (const line of lines) if (await line.accepts(toNumber)) return line;
  throw new Error(`No fax line takes ${toNumber}`);
}

/** The line a fax was given when it was accepted. */
export function lineNamed(lines: FaxLine[], name: string): FaxLine {
  const line = lines.find((candidate) => candidate.name === name);
  if (!line) throw new Error(`No fax line is named ${name}`);
  return line;
}
