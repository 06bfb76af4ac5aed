import { z } from 'zod';
import { ZContact, ZContactInput, ZContactList, ZContactUpdate } from '../contracts/address-book';

/**
 * The public API's address book: the same contract as the portal's (contracts/address-book.ts),
 * named for the OpenAPI document. GET/POST /v1/contacts, GET/PATCH/DELETE /v1/contacts/{contact_id}.
 */
export const ZV1Contact = ZContact.meta({ id: 'Contact' });
export const ZV1ContactInput = ZContactInput.meta({ id: 'ContactInput' });
export const ZV1ContactUpdate = ZContactUpdate.meta({ id: 'ContactUpdate' });
export const ZV1ContactList = ZContactList.extend({ data: z.array(ZV1Contact) }).meta({ id: 'ContactList' });
export const ZV1ContactParams = z.object({ contact_id: z.uuid({ error: 'errors.contactNotFound' }) });
