import type { TTicketPerson } from '@faxline/shared';
import { and, asc, eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';

/** Who can look after tickets: the platform admins, by name. */
export async function listTicketAssignees(db: Database): Promise<TTicketPerson[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.name), asc(users.email));
}

/** A ticket goes to a platform admin only; anyone else (or no one by that id) is refused with 400. */
export async function assertAssignable(db: Database, userId: string): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'admin')));
  if (!admin) throw new AppError('invalid_request', 'errors.ticketAssigneeNotAdmin');
}
