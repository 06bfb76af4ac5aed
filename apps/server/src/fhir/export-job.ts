import { defineJob } from '../job-deps';
import { FHIR_EXPORT_JOB, tryFhirExport } from './export-fax';

/** Calls one FHIR server at a time per worker beside others: they mostly wait on it (30 s at most a request). */
const EXPORT_CONCURRENCY = 4;

/**
 * One try of a fax's export to its account's FHIR server (export-fax.ts). The server's failures follow their own
 * schedule (each try queues the next); the queue's retries are for a try that crashed (a database gone, a worker
 * killed), which runs again as the same try.
 */
export const fhirExportJob = defineJob({
  ...FHIR_EXPORT_JOB,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
  concurrency: () => EXPORT_CONCURRENCY,
  exclusiveKey: ({ exportId }) => `fhir-export:${exportId}`,
  handler: ({ exportId, attempt }, deps) => tryFhirExport(deps, exportId, attempt),
});
