import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';
import {
  MAX_CONTACT_COMPANY_LENGTH,
  MAX_CONTACT_NAME_LENGTH,
  MAX_CONTACT_NOTES_LENGTH,
  MAX_CONTACT_TAG_LENGTH,
  MAX_CONTACT_TAGS,
  MAX_LIST_LIMIT,
} from '../constants';
import { E164_PATTERN } from '../phone';
import { ZExpectedStationId, ZStationWarning } from './station-ids';

/**
 * The address book: one shape for the portal (/api/contacts, with a session) and the public API
 * (/v1/contacts, with a key), in the public API's snake_case so that a contact reads the same everywhere.
 * GET lists (search, tag, cursor), POST creates, GET/PATCH/DELETE /:id; the portal also imports and exports CSV
 * (/api/contacts/import, /api/contacts/export.csv).
 *
 * CSV (decision 048): a header row naming the columns (any case; "fax" and "fax number" also name fax_number), then one
 * contact a row: name, fax_number, company, email, notes, tags (separated by ";"). POST /api/contacts/import takes the
 * file as the whole request body with `Content-Type: text/csv` (at most MAX_CONTACT_IMPORT_BYTES and
 * MAX_CONTACT_IMPORT_ROWS rows) and answers ZContactImportResult; GET /api/contacts/export.csv answers the same columns.
 * The limits live in constants.ts, because the messages name them.
 */

/** A fax number as people type it: spaces, dashes, dots and brackets are dropped; what is left must be E.164. */
const ZContactFaxNumber = z
  .string({ error: 'errors.contactNumberRequired' })
  .trim()
  .min(1, { error: 'errors.contactNumberRequired' })
  .max(40, { error: 'errors.invalidRecipient' })
  .check(singleLineText)
  .transform((value) => value.replace(/[\s\-.()]/g, ''))
  .pipe(z.string().regex(E164_PATTERN, { error: 'errors.invalidRecipient' }));

const optionalText = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .check(singleLineText)
    .transform((value) => value || null)
    .nullable()
    .optional();

export const ZContactInput = z.object({
  name: z
    .string({ error: 'errors.contactNameRequired' })
    .trim()
    .min(1, { error: 'errors.contactNameRequired' })
    .max(MAX_CONTACT_NAME_LENGTH, { error: 'errors.contactNameTooLong' })
    .check(singleLineText),
  fax_number: ZContactFaxNumber,
  company: optionalText(MAX_CONTACT_COMPANY_LENGTH, 'errors.contactCompanyTooLong'),
  email: z
    .email({ error: 'validation.email' })
    .max(254, { error: 'validation.email' })
    .check(singleLineText)
    .or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
  notes: z
    .string()
    .trim()
    .max(MAX_CONTACT_NOTES_LENGTH, { error: 'errors.contactNotesTooLong' })
    .check(multiLineText)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: 'errors.contactTagEmpty' })
        .max(MAX_CONTACT_TAG_LENGTH, { error: 'errors.contactTagTooLong' })
        .check(singleLineText),
    )
    .max(MAX_CONTACT_TAGS, { error: 'errors.contactTooManyTags' })
    .transform((tags) => [...new Set(tags)])
    .optional(),
  /** The station id (CSI) its fax machine is expected to announce: a fax to it checks it (decision 121). */
  station_id: ZExpectedStationId,
});
export type TContactInput = z.input<typeof ZContactInput>;

/** A change: only the fields sent change. */
export const ZContactUpdate = ZContactInput.partial();
export type TContactUpdate = z.input<typeof ZContactUpdate>;

export const ZContact = z.object({
  id: z.string(),
  name: z.string(),
  fax_number: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  station_id: z.string().nullable(),
  /** The last time its number answered with another station id than expected (decision 121); null: none since. */
  station_warning: ZStationWarning.nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactListQuery = z.object({
  /** Matches name, number, company or e-mail, without regard to case. */
  search: z.string().trim().max(100).check(singleLineText).optional(),
  tag: z.string().trim().max(MAX_CONTACT_TAG_LENGTH).check(singleLineText).optional(),
  limit: z.coerce
    .number({ error: 'errors.invalidLimit' })
    .int()
    .min(1, { error: 'errors.invalidLimit' })
    .max(MAX_LIST_LIMIT, { error: 'errors.invalidLimit' })
    .default(50),
  /** The `next_cursor` of the previous page. */
  cursor: z.string().max(200).check(singleLineText).optional(),
});
export type TContactListQuery = z.input<typeof ZContactListQuery>;

export const ZContactList = z.object({ data: z.array(ZContact), next_cursor: z.string().nullable() });
export type TContactList = z.infer<typeof ZContactList>;

export const ZContactParams = z.object({ id: z.uuid({ error: 'errors.contactNotFound' }) });

/** An import's body: the CSV file's text (a file with control characters, NUL among them, is not a text file). */
export const ZContactImportBody = z.string().check(multiLineText);

/** A CSV import's outcome: rows added, rows already in the book (same name and number), rows refused with why. */
export const ZContactImportResult = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type TContactImportResult = z.infer<typeof ZContactImportResult>;
