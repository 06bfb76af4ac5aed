/** File keys are UUIDs, made by the store; anything else is refused before it can name a path or an object. */
export const FILE_KEY = /^[0-9a-f-]{36}$/;

export function assertFileKey(key: string): void {
  if (!FILE_KEY.test(key)) throw new Error(`Invalid file key ${key}`);
}

/** The error a missing file gives, whatever the backend: callers that tolerate one test `code === 'ENOENT'`. */
export function fileNotFound(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
}
