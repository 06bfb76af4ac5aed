/** The settings section's anchor, for the HIPAA plan's prompt that points at it. */
export const RETENTION_ID = 'retention';
