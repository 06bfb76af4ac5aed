// Every capability's tables, gathered for Drizzle (queries with relations) and drizzle-kit (migrations).
export * from '../../auth/schema';
