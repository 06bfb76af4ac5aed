/** GET /api/contacts/export.csv: the whole book as CSV. A plain link downloads it, with the session cookie. */
export const CONTACTS_EXPORT_URL = '/api/contacts/export.csv';
