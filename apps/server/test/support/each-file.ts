import { afterAll } from 'vitest';
import { closeDocumentThreads } from '../../src/documents/threads/document-threads';

// Integration files share a process and its modules (vitest.config.ts). What a file leaves running in a module must
// end with it: the document threads were started with that file's environment (a worker thread copies `process.env`
// when it starts), and the next file may set another (a stand-in converter on the PATH).
afterAll(closeDocumentThreads);
