import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../logger';

/**
 * Where the embedded PostgreSQL's programs and data live. As root, PostgreSQL runs as the `postgres` user, which cannot
 * enter a folder closed to other users (root's home is one). Rather than open that folder, the programs are then copied
 * once, and a new cluster is made, under a root-owned folder it can reach (/var/lib/faxline), the cluster tied to its
 * DATA_DIR by a link at DATA_DIR/pg. See docs/decisions/017.
 */

/** The user PostgreSQL runs as: ourselves (empty), or the `postgres` user when we are root. */
export type RunAs = { uid?: number; gid?: number };

/** The database cannot be placed anywhere usable; the message says why and what to do, in one line. */
export class DataDirUnusableError extends Error {
  override name = 'DataDirUnusableError';
}

export const SYSTEM_DIR = '/var/lib/faxline';
const COMPLETE_MARKER = '.faxline-complete';
const WHAT_TO_DO =
  'set DATA_DIR to a folder the postgres user can enter (for example /srv/faxline), or set DATABASE_URL to use another PostgreSQL';

const execFileAsync = promisify(execFile);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
const exists = (file: string) =>
  fs.lstat(file).then(
    () => true,
    () => false,
  );

const canExecute = (file: string) =>
  fs.access(file, fs.constants.X_OK).then(
    () => true,
    () => false,
  );

/** The permission bits that apply to `runAs` (its supplementary groups are dropped when we spawn it) allow entering. */
async function modeLetsIn(runAs: RunAs, step: string): Promise<boolean> {
  const stat = await fs.stat(step).catch(() => undefined);
  if (!stat) return false;
  const bit = stat.uid === runAs.uid ? 0o100 : stat.gid === runAs.gid ? 0o010 : 0o001;
  return (stat.mode & bit) !== 0;
}

/** A shell as that user tests each step: the kernel decides, ACLs included. */
function askAsUser(runAs: RunAs, chain: string[]): Promise<string | undefined> {
  const script = 'for d in "$@"; do test -x "$d" || { printf %s "$d"; exit 1; }; done';
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', script, 'sh', ...chain], { ...runAs, cwd: '/', env: {}, stdio: ['ignore', 'pipe', 'ignore'] });
    let closed = '';
    child.stdout.on('data', (chunk: Buffer) => (closed += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve(code === 0 ? undefined : closed || chain.at(-1)));
  });
}

/** The first folder on the way to `target` (or `target` itself) that `runAs` cannot enter or run; undefined when it can. */
export async function firstClosed(runAs: RunAs, target: string): Promise<string | undefined> {
  const real = await fs.realpath(target).catch(() => path.resolve(target));
  const chain: string[] = [];
  for (let step = real; ; step = path.dirname(step)) {
    chain.unshift(step);
    if (step === path.dirname(step)) break;
  }
  if (runAs.uid === undefined) {
    if (await canExecute(real)) return undefined;
    for (const step of chain) if (!(await canExecute(step))) return step;
    return real;
  }
  // The usual answer from the permission bits, without starting a process; a refusal is confirmed by the kernel.
  if ((await Promise.all(chain.map((step) => modeLetsIn(runAs, step)))).every(Boolean)) return undefined;
  return askAsUser(runAs, chain);
}

/** A folder of ours that other users may enter but not change (umask may have narrowed what mkdir made). */
async function ensureRootFolder(dir: string): Promise<void> {
  const created = await fs.mkdir(dir, { recursive: true, mode: 0o755 });
  if (created) {
    for (let step = dir; ; step = path.dirname(step)) {
      await fs.chmod(step, 0o755);
      if (step === created || step === path.dirname(step)) break;
    }
  }
  const stat = await fs.lstat(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new DataDirUnusableError(
      `${dir} must be a folder owned by root that only root can write (it holds PostgreSQL's programs and databases): fix it or remove it, or ${WHAT_TO_DO}.`,
    );
  }
}

type TreeEntry = { rel: string; kind: 'dir' | 'file' | 'link'; size: number; executable: boolean; link?: string };

async function listTree(root: string, rel = ''): Promise<TreeEntry[]> {
  const names = (await fs.readdir(path.join(root, rel))).sort();
  const lists = await Promise.all(
    names.map(async (name): Promise<TreeEntry[]> => {
      const entryRel = path.join(rel, name);
      const full = path.join(root, entryRel);
      const stat = await fs.lstat(full);
      if (stat.isSymbolicLink()) return [{ rel: entryRel, kind: 'link', size: 0, executable: false, link: await fs.readlink(full) }];
      if (stat.isDirectory()) return [{ rel: entryRel, kind: 'dir', size: 0, executable: true }, ...(await listTree(root, entryRel))];
      return [{ rel: entryRel, kind: 'file', size: stat.size, executable: (stat.mode & 0o111) !== 0 }];
    }),
  );
  return lists.flat();
}

/** What a complete copy holds: every path, its kind, size, link target and whether it runs (not dates, not owners). */
function manifestHash(entries: TreeEntry[]): string {
  return sha256(entries.map((e) => [e.rel, e.kind, e.size, e.link ?? '', e.executable ? 'x' : '-'].join('\t')).join('\n'));
}

/** The marker is written last and the copy renamed into place whole, so a matching marker means a complete copy. */
async function hasMarker(dir: string, hash: string): Promise<boolean> {
  const marker = await fs.readFile(path.join(dir, COMPLETE_MARKER), 'utf8').catch(() => undefined);
  return marker?.trim() === hash;
}

/**
 * A root-owned, world-readable copy of PostgreSQL's programs, made once for each set of programs (named by the hash
 * of their listing, so an updated package gets its own copy).
 */
async function cachedCopy(source: string, systemDir: string): Promise<{ dir: string; copied: boolean }> {
  const entries = await listTree(source);
  const hash = manifestHash(entries);
  const suffix = `-${hash.slice(0, 12)}`;
  await ensureRootFolder(systemDir);
  for (const name of await fs.readdir(systemDir)) {
    const dir = path.join(systemDir, name);
    if (name.startsWith('postgres-') && name.endsWith(suffix) && (await hasMarker(dir, hash))) return { dir, copied: false };
  }
  const { stdout } = await execFileAsync(path.join(source, 'bin', 'postgres'), ['--version'], { cwd: '/', env: {} });
  const version = /\d+(\.\d+)*/.exec(stdout)?.[0] ?? 'unknown';
  const target = path.join(systemDir, `postgres-${version}${suffix}`);

  // Copied aside and renamed into place: a copy cut short never looks complete, and of two servers copying at once
  // one rename wins and the other finds its copy there.
  const staging = await fs.mkdtemp(path.join(systemDir, '.postgres-copy-'));
  try {
    for (const entry of entries) {
      const from = path.join(source, entry.rel);
      const to = path.join(staging, entry.rel);
      if (entry.kind === 'dir') await fs.mkdir(to);
      else if (entry.kind === 'link') await fs.symlink(entry.link!, to);
      else await fs.copyFile(from, to);
      if (entry.kind !== 'link') await fs.chmod(to, entry.executable ? 0o755 : 0o644);
    }
    const copied = (await listTree(staging)).filter((entry) => entry.rel !== COMPLETE_MARKER);
    if (manifestHash(copied) !== hash) throw new Error('the copied files differ from the originals');
    await fs.writeFile(path.join(staging, COMPLETE_MARKER), `${hash}\n`, { mode: 0o644 });
    await fs.chmod(staging, 0o755);
    // A copy without its marker is one that was tampered with: replaced.
    if (await exists(target)) await fs.rm(target, { recursive: true, force: true });
    await fs.rename(staging, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
  if (!(await hasMarker(target, hash))) throw new Error(`the copy in ${target} is incomplete`);
  return { dir: target, copied: true };
}

/** The folder (holding bin/, lib/, share/) to run PostgreSQL from: its own, or a copy the postgres user can reach. */
export async function reachablePostgresDir(options: {
  postgresDir: string;
  runAs: RunAs;
  systemDir: string;
  logger: Logger;
}): Promise<string> {
  const { postgresDir, runAs, systemDir, logger } = options;
  const closed = await firstClosed(runAs, path.join(postgresDir, 'bin', 'postgres'));
  if (!closed) return postgresDir;
  if (runAs.uid === undefined) {
    throw new DataDirUnusableError(
      `This user cannot run PostgreSQL's programs in ${postgresDir} (${closed} is closed to it): run npm run setup again, or set DATABASE_URL to use another PostgreSQL.`,
    );
  }
  let copy: { dir: string; copied: boolean };
  try {
    copy = await cachedCopy(postgresDir, systemDir);
  } catch (error) {
    if (error instanceof DataDirUnusableError) throw error;
    throw new DataDirUnusableError(
      `PostgreSQL runs as the postgres user, which cannot enter ${closed} where its programs are, and they could not be copied to ${systemDir} (${reason(error)}): put Faxline in a folder other users can enter, or set DATABASE_URL to use another PostgreSQL.`,
    );
  }
  const stillClosed = await firstClosed(runAs, path.join(copy.dir, 'bin', 'postgres'));
  if (stillClosed) {
    throw new DataDirUnusableError(
      `PostgreSQL runs as the postgres user, which cannot enter ${closed} where its programs are, nor ${stillClosed} where they were copied: open ${stillClosed} to other users, or set DATABASE_URL to use another PostgreSQL.`,
    );
  }
  const say = copy.copied ? logger.info.bind(logger) : logger.debug.bind(logger);
  say(
    { programs: copy.dir },
    `PostgreSQL runs as the postgres user, which cannot enter ${closed}: it runs from a copy of its programs in ${copy.dir}`,
  );
  return copy.dir;
}

async function linkedCluster(pgDataDir: string, runAs: RunAs, logger: Logger): Promise<string> {
  const target = await fs.readlink(pgDataDir);
  const real = await fs.realpath(pgDataDir).catch(() => undefined);
  if (!real) {
    throw new DataDirUnusableError(
      `${pgDataDir} links to the database folder ${target}, which does not exist (moved, deleted or not mounted?): restore it, or delete the link to start with a new, empty database.`,
    );
  }
  const closed = await firstClosed(runAs, real);
  if (closed) {
    throw new DataDirUnusableError(
      `The database in ${real} (linked from ${pgDataDir}) cannot be reached: ${closed} is closed to the user PostgreSQL runs as; ${WHAT_TO_DO}.`,
    );
  }
  const why = runAs.uid === undefined ? undefined : await firstClosed(runAs, path.dirname(pgDataDir));
  logger.info(
    { dataDir: pgDataDir, cluster: real },
    why
      ? `PostgreSQL runs as the postgres user, which cannot enter ${why}: the database lives in ${real} (${pgDataDir} links there)`
      : `the database lives in ${real} (${pgDataDir} links there)`,
  );
  return real;
}

/** Makes the cluster folder in the system folder, tied to DATA_DIR by its name (a hash of DATA_DIR's real path). */
async function relocatedCluster(pgDataDir: string, closed: string, runAs: RunAs, systemDir: string, logger: Logger): Promise<string> {
  const dataDir = path.dirname(pgDataDir);
  const clusters = path.join(systemDir, 'clusters');
  try {
    await ensureRootFolder(systemDir);
    await ensureRootFolder(clusters);
    const blocked = await firstClosed(runAs, clusters);
    if (blocked) throw new Error(`the postgres user cannot enter ${blocked} either`);
    const realDataDir = await fs.realpath(dataDir);
    const target = path.join(clusters, sha256(realDataDir).slice(0, 16));
    const made = await fs.mkdir(target, { mode: 0o700 }).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
        return false;
      },
    );
    if (!made && (await exists(path.join(target, 'PG_VERSION'))) && (await fs.readlink(pgDataDir).catch(() => undefined)) !== target) {
      // A database made for a DATA_DIR at this path that has since been deleted: kept aside, never reused or removed.
      const aside = `${target}-orphaned-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await fs.rename(target, aside);
      await fs.rename(`${target}.data-dir`, `${aside}.data-dir`).catch(() => undefined);
      logger.warn({ kept: aside }, `an earlier database of ${realDataDir} that nothing links to any more was moved to ${aside}`);
      await fs.mkdir(target, { mode: 0o700 });
    }
    await fs.chmod(target, 0o700);
    await fs.chown(target, runAs.uid!, runAs.gid ?? runAs.uid!);
    await fs.writeFile(`${target}.data-dir`, `${realDataDir}\n`, { mode: 0o644 });
    await fs.symlink(target, pgDataDir).catch(async (error: NodeJS.ErrnoException) => {
      // Another server starting on the same DATA_DIR at the same moment made the same link.
      if (error.code !== 'EEXIST' || (await fs.readlink(pgDataDir).catch(() => undefined)) !== target) throw error;
    });
    logger.info(
      { dataDir: pgDataDir, cluster: target },
      `PostgreSQL runs as the postgres user, which cannot enter ${closed}: the database lives in ${target} (${pgDataDir} links there)`,
    );
    return target;
  } catch (error) {
    if (error instanceof DataDirUnusableError) throw error;
    throw new DataDirUnusableError(
      `PostgreSQL runs as the postgres user, which cannot enter ${closed}, and its data could not be placed in ${systemDir} instead (${reason(error)}): ${WHAT_TO_DO}.`,
    );
  }
}

/**
 * The folder PostgreSQL keeps the cluster of DATA_DIR/pg in: DATA_DIR/pg itself when its user can reach it (and
 * always when an earlier start made a cluster there); otherwise, as root, a folder under the system folder that
 * DATA_DIR/pg links to.
 */
export async function placeCluster(options: { pgDataDir: string; runAs: RunAs; systemDir: string; logger: Logger }): Promise<string> {
  const { pgDataDir, runAs, systemDir, logger } = options;
  const dataDir = path.dirname(pgDataDir);
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.access(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    throw new DataDirUnusableError(
      `Faxline cannot write its data folder ${dataDir} (${reason(error)}): set DATA_DIR to a folder this user can write, or set DATABASE_URL to use another PostgreSQL.`,
    );
  }

  const entry = await fs.lstat(pgDataDir).catch(() => undefined);
  if (entry?.isSymbolicLink()) return linkedCluster(pgDataDir, runAs, logger);
  if (entry && !entry.isDirectory()) {
    throw new DataDirUnusableError(
      `${pgDataDir} should be the database folder but is a file: move it away, or set DATA_DIR to another folder.`,
    );
  }
  if (entry) {
    const closed = await firstClosed(runAs, pgDataDir);
    if (!closed) return pgDataDir;
    if (runAs.uid === undefined || (await fs.readdir(pgDataDir)).length > 0) {
      throw new DataDirUnusableError(
        `The database in ${pgDataDir} cannot be reached: ${closed} is closed to the user PostgreSQL runs as; move DATA_DIR with everything in it to a folder that user can enter and set DATA_DIR there, or set DATABASE_URL to use another PostgreSQL.`,
      );
    }
    // Left empty by a start that failed there (an earlier version tried and could not reach it).
    await fs.rmdir(pgDataDir);
  }

  const closed = await firstClosed(runAs, dataDir);
  if (!closed) return pgDataDir;
  if (runAs.uid === undefined) {
    throw new DataDirUnusableError(
      `This user cannot enter ${closed}, on the way to its data folder ${dataDir}: set DATA_DIR to a folder it can write, or set DATABASE_URL.`,
    );
  }
  return relocatedCluster(pgDataDir, closed, runAs, systemDir, logger);
}
