// Every capability's tables, gathered for Drizzle (queries with relations) and drizzle-kit (migrations).
export * from '../../accounts/schema';
export * from '../../accounts/settings-schema';
export * from '../../api-keys/schema';
export * from '../../audit/schema';
export * from '../../auth/schema';
export * from '../../blocklist/schema';
export * from '../../contacts/schema';
export * from '../../content/schema';
export * from '../../email/schema';
export * from '../../events/schema';
export * from '../../faxes/schema';
export * from '../../numbers/schema';
export * from '../../plans/schema';
export * from '../../seed/schema';
export * from '../../system-settings/schema';
export * from '../../tickets/schema';
export * from '../../webhooks/schema';
