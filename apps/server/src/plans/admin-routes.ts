import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteDeps } from '../admin/routes';

// Placeholder until these back-office routes land (same session).
export const adminPlanRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async () => {};
