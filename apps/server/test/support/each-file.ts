import { afterAll, afterEach } from 'vitest';
import { closeDocumentThreads } from '../../src/documents/threads/document-threads';
import { takePrismViolations } from './prism-conformance';

// Integration files share a process and its modules (vitest.config.ts). What a file leaves running in a module must
// end with it: the document threads were started with that file's environment (a worker thread copies `process.env`
// when it starts), and the next file may set another (a stand-in converter on the PATH).
afterAll(closeDocumentThreads);

/** Fails the test (or, after the last one, the file) whose /v1 answers Prism found against the OpenAPI document. */
function failOnPrismViolations() {
  const found = takePrismViolations();
  if (found.length > 0)
    throw new Error(`Prism found ${found.length} /v1 answer(s) that break the OpenAPI document (decision 136):\n${found.join('\n')}`);
}
afterEach(failOnPrismViolations);
afterAll(failOnPrismViolations);
