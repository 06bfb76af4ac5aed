import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteDeps } from './routes';

// Placeholder until these back-office routes land (same session).
export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async () => {};
