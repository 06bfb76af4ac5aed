import type { TTicketPerson } from '@faxline/shared';

/** An admin as a ticket names them: their name, else their address. */
export const nameOf = (person: TTicketPerson) => person.name || person.email;

/** One option per admin a ticket can be given to. */
export function AssigneeOptions({ assignees }: { assignees: readonly TTicketPerson[] }) {
  return assignees.map((admin) => (
    <option key={admin.id} value={admin.id}>
      {nameOf(admin)}
    </option>
  ));
}
