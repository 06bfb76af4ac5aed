import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSpool } from './spool';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'email-spool-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const bytesOf = async (stream: AsyncIterable<unknown>) => {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
};

describe('the gateway spool', () => {
  it('keeps what it is given encrypted on disk, gives it back, and removes it', async () => {
    const spool = await openSpool(root);
    const plain = Buffer.from('Subject: Lab results\r\n\r\nPatient: J. Smith\r\n'.repeat(5000));
    const file = await spool.store([plain.subarray(0, 1000), plain.subarray(1000)]);
    expect(file.size).toBe(plain.length);
    const [dir] = await fs.readdir(root);
    const [name] = await fs.readdir(path.join(root, dir!));
    const onDisk = await fs.readFile(path.join(root, dir!, name!));
    expect(onDisk.includes(Buffer.from('J. Smith'))).toBe(false);
    expect((await bytesOf(file.read())).equals(plain)).toBe(true);
    await file.remove();
    expect(await fs.readdir(path.join(root, dir!))).toEqual([]);
    await spool.close();
    expect(await fs.readdir(root)).toEqual([]);
  });

  it('removes the folder of a process that is gone when the next one opens, and leaves a running one’s', async () => {
    // A process that has ended: its id is free (and not reused within this test).
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const dead = path.join(root, `${gone}-0badc0de`);
    const running = path.join(root, `${process.ppid}-0badf00d`);
    for (const dir of [dead, running]) {
      await fs.mkdir(dir);
      await fs.writeFile(path.join(dir, 'left-over'), 'unreadable without its key');
    }
    const spool = await openSpool(root);
    const left = await fs.readdir(root);
    expect(left).not.toContain(path.basename(dead));
    expect(left).toContain(path.basename(running));
    await spool.close();
  });
});
