import { roleMay, type TFaxRetention } from '@faxline/shared';
import type { Actor } from '../accounts/actor';
import { accessibleFax } from '../faxes/fax-access';
import type { Database } from '../platform/db/client';
import { activeHoldsOf, holdsCovering, toPublicHold } from './holds';

/** The holds that keep a fax the member may see (404 otherwise), and whether they may set and lift holds. */
export async function faxRetentionOf(db: Database, actor: Actor, faxId: string): Promise<TFaxRetention> {
  const fax = await accessibleFax(db, actor, faxId, 'fax.view');
  const holds = holdsCovering(await activeHoldsOf(db, fax.accountId), fax);
  return { holds: holds.map(toPublicHold), mayManage: roleMay(actor.member.role, 'manageRetention') };
}
