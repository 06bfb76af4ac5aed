import { rememberStationId } from '../contacts/contact-stations';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { accessibleFax, type FaxActor } from './fax-access';
import { stationOfferOfFax } from './get-fax';

/**
 * "Remember <id> for <contact>" on a delivered fax's details (decision 121): the station id its machine announced is
 * kept on the contact of its number, which had none. Whoever may see the fax and keep the address book may (both are
 * `useFaxes`); the contact's change is audited. 409 when there is nothing to remember any more.
 */
export async function rememberAnnouncedStation(db: Database, actor: FaxActor, faxId: string): Promise<void> {
  const fax = await accessibleFax(db, actor, faxId, 'fax.view');
  const offer = await stationOfferOfFax(db, fax);
  if (!offer) throw new AppError('conflict', 'errors.stationOfferGone');
  await rememberStationId(db, actor, offer, fax.id);
}
