import { ZFhirConnectionTest, type TFhirConnectionTest } from '@faxline/shared';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

/** POST /api/account/fhir/test: the server's CapabilityStatement and the credentials, checked now (a 422 says which failed). */
export function testFhirConnection(): Promise<TFhirConnectionTest> {
  return apiSend('POST', '/account/fhir/test', undefined, ZFhirConnectionTest);
}

export function useTestFhirConnection() {
  return useMutation({ mutationFn: testFhirConnection });
}
