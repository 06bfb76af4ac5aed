// Every capability's tables, gathered for Drizzle (queries with relations) and drizzle-kit (migrations).
export * from '../../accounts/schema';
export * from '../../auth/schema';
export * from '../../email/schema';
export * from '../../seed/schema';
