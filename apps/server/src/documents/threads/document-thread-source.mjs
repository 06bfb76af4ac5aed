// The document threads' entry when the server runs from its TypeScript source (tsx: development and tests). Worker
// threads on Node 20 do not take tsx's loader from the process, so the thread registers it before loading its tasks.
import { register } from 'tsx/esm/api';

register();
const { inspectPdf, countTextPages, makeRecord } = await import('./document-thread.ts');
export { inspectPdf, countTextPages, makeRecord };
