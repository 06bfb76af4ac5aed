import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../../platform/http/app-error';
import { ConversionError } from '../convert/convert-to-pdf';
import type { ConverterLimits } from '../convert/converter-box';
import type { RecordInput } from '../record/document-record';
import type * as DocumentThread from './document-thread';
import type { PdfInspection } from '../inspect/inspect-pdf';

/**
 * Document work that takes seconds of CPU (parsing a PDF, laying out a text file, decoding images into the document
 * of record) runs in a pool of worker threads, never on a process's event loop, where it would hold up every other
 * request of every account (docs/decisions/063). Each task has a time limit counted from when a thread starts it (not
 * while it waits its turn) and each thread a heap limit; a task over either is stopped (its thread is ended and
 * replaced) and its document refused as too large or damaged. Threads run at a lower priority than the event loop
 * (niceness 10, as the converters), so that a busy pool never slows the answers of the API.
 */

/** Seconds that checking one upload (a PDF's structure, a text's page count) may run: real documents take well under one. */
export const INSPECTION_SECONDS = 30;
/** A thread's JavaScript heap. Decoded pixels live outside it (array buffers), bounded by the images' pixel limit. */
const THREAD_HEAP_MB = 1024;
const THREAD_NICENESS = 10;
/** Uploads waiting for a thread, past which a new one is answered "busy, try again" rather than queued. */
const MAX_WAITING = 100;
/** An idle thread ends after this; the next task starts a new one (a fraction of a second). */
const IDLE_MS = 60_000;

/** The threads' entry: in the bundle, document-thread.js beside it; from the source (tsx), a loader of the source. */
function threadFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './document-thread-source.mjs' : './document-thread.js', import.meta.url).href;
}

let pool: Piscina | undefined;

/** Made on first use, so that a process that never reads a document starts no thread. */
function documentPool(): Piscina {
  pool ??= new Piscina({
    filename: threadFile(),
    minThreads: 0,
    maxThreads: os.availableParallelism(),
    idleTimeout: IDLE_MS,
    maxQueue: MAX_WAITING,
    niceIncrement: THREAD_NICENESS,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  return pool;
}

/** Ends the threads (a stopping process, a test file's end). */
export async function closeDocumentThreads(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}

/** A task stopped by its limits: over its time, or its thread out of memory. */
class TaskStopped extends Error {
  override name = 'TaskStopped';
}

type Tasks = typeof DocumentThread;
type TaskName = keyof Tasks;
type TaskInput<N extends TaskName> = Omit<Parameters<Tasks[N]>[0], 'started'>;
type TaskResult<N extends TaskName> = Awaited<ReturnType<Tasks[N]>>;

async function runTask<N extends TaskName>(name: N, input: TaskInput<N>, seconds: number): Promise<TaskResult<N>> {
  const { port1: started, port2: startedInThread } = new MessageChannel();
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  started.once('message', () => {
    timer = setTimeout(() => stop.abort(), seconds * 1000);
  });
  try {
    return (await documentPool().run(
      { ...input, started: startedInThread },
      { name, signal: stop.signal, transferList: [startedInThread] },
    )) as TaskResult<N>;
  } catch (error) {
    if (stop.signal.aborted || (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new TaskStopped(`${name} stopped`);
    if (error instanceof Error && error.message === 'Task queue is at limit') throw new AppError('unavailable', 'errors.busy');
    throw error;
  } finally {
    clearTimeout(timer);
    started.close();
  }
}

/** The upload checks of a PDF (inspect-pdf.ts), in a thread; a PDF that exhausts its limits is too large or damaged. */
export async function inspectPdfInThread(bytes: Uint8Array): Promise<PdfInspection | { verdict: 'too-large-or-damaged' }> {
  try {
    return await runTask('inspectPdf', { bytes }, INSPECTION_SECONDS);
  } catch (error) {
    if (error instanceof TaskStopped) return { verdict: 'too-large-or-damaged' };
    throw error;
  }
}

/** The pages a text file will take, laid out in a thread; throws a ConversionError when that exhausts its limits. */
export async function countTextPagesInThread(bytes: Uint8Array): Promise<number> {
  try {
    return await runTask('countTextPages', { bytes }, INSPECTION_SECONDS);
  } catch (error) {
    if (error instanceof TaskStopped)
      throw new ConversionError('too-large-or-damaged', 'The text could not be laid out within its limits.');
    throw error;
  }
}

/**
 * The document of record (document-record.ts), made in a thread. Each file may take the converters' time (a Word file
 * in LibreOffice); a record that takes longer than that for every file and one more is stopped.
 */
export async function makeRecordInThread(input: RecordInput & { limits: ConverterLimits }): Promise<{ pdf: Uint8Array; pages: number }> {
  let made: TaskResult<'makeRecord'>;
  try {
    made = await runTask('makeRecord', input, input.limits.timeoutSeconds * (input.files.length + 1));
  } catch (error) {
    if (error instanceof TaskStopped)
      throw new ConversionError('too-large-or-damaged', 'The document could not be made within its limits.');
    throw error;
  }
  if ('failed' in made) {
    const failure = new ConversionError(made.failed.reason, made.failed.message);
    failure.file = made.failed.file;
    throw failure;
  }
  return made;
}
