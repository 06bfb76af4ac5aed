import { ZAdminAuditResponse, type TAdminAuditResponse } from '@faxline/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A page of the back office's audit log (GET /api/admin/audit with `query`), asked with an admin's session. */
export async function auditPage(app: FastifyInstance, cookie: string, query: string): Promise<TAdminAuditResponse> {
  const response = await app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminAuditResponse.parse(response.json());
}
