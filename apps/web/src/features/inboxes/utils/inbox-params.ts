import { FAX_FOLDERS, FAX_STATES, type TFaxFolder, type TFaxState, type TInboxFaxQuery } from '@faxline/shared';

/** The page shows this many faxes at a time (the server's default). */
export const INBOX_PAGE_SIZE = 20;

export const ASSIGNED_FILTERS = ['all', 'me', 'none'] as const;
export type TAssignedFilter = (typeof ASSIGNED_FILTERS)[number];

/** What the inbox page shows, kept in the address so that a link or a reload shows the same. */
export type TInboxViewState = {
  /** An inbox's id, or `none`: the faxes in no inbox (Unsorted). */
  inbox: string;
  folder: TFaxFolder;
  state: TFaxState | null;
  assigned: TAssignedFilter;
  page: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The page's state from the address; anything unknown falls back to the folder's first page, unfiltered. */
export function readInboxViewState(params: URLSearchParams): TInboxViewState {
  const page = Number(params.get('page'));
  return {
    inbox: params.get('inbox') || 'none',
    folder: oneOf(FAX_FOLDERS, params.get('folder')) ?? 'inbox',
    state: oneOf(FAX_STATES, params.get('state')),
    assigned: oneOf(ASSIGNED_FILTERS, params.get('assigned')) ?? 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a state: only what differs from the defaults, so that the menu's links and the page's agree. */
export function writeInboxViewState(state: TInboxViewState): URLSearchParams {
  const params = new URLSearchParams({ inbox: state.inbox });
  if (state.folder !== 'inbox') params.set('folder', state.folder);
  if (state.state) params.set('state', state.state);
  if (state.assigned !== 'all') params.set('assigned', state.assigned);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The server's query for a state. */
export function inboxFaxQueryOf(state: TInboxViewState): TInboxFaxQuery {
  return {
    inbox: state.inbox,
    folder: state.folder,
    state: state.state ?? undefined,
    assigned: state.assigned === 'all' ? undefined : state.assigned,
    page: state.page,
    pageSize: INBOX_PAGE_SIZE,
  };
}
