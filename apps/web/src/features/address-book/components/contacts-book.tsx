import type { TContact } from '@faxline/shared';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { CONTACTS_EXPORT_URL } from '../api/export-contacts';
import { useContacts } from '../api/get-contacts';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { sendFaxTo } from '../utils/send-fax-to';

import { ContactFormDialog } from './contact-form-dialog';
import { ContactStation } from './contact-station';
import { ContactsImport } from './contacts-import';
import { DeleteContactDialog } from './delete-contact-dialog';

type TOpen = { kind: 'add' } | { kind: 'edit'; contact: TContact } | { kind: 'delete'; contact: TContact; trigger: HTMLElement };

/** The address book: search and tag filter, the list page by page, add, edit, delete, import and export. */
export function ContactsBook() {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const filters = { search: useDebouncedValue(search.trim()), tag: useDebouncedValue(tag.trim()) };
  const contacts = useContacts({ search: filters.search || undefined, tag: filters.tag || undefined });
  const [open, setOpen] = useState<TOpen | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const shown = contacts.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Boolean(filters.search || filters.tag);

  const focusBack = () => (open?.kind === 'delete' && open.trigger.isConnected ? open.trigger : heading.current)?.focus();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => setOpen({ kind: 'add' })}>
          {t('toolbar.add')}
        </Button>
        <Button asChild variant="outline">
          <a href={CONTACTS_EXPORT_URL} download>
            {t('toolbar.export')}
          </a>
        </Button>
      </div>

      <div role="search" aria-label={t('filters.label')} className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-search`}>{t('filters.search')}</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-describedby={`${id}-search-hint`}
          />
          <p id={`${id}-search-hint`} className="text-sm text-muted-foreground">
            {t('filters.searchHint')}
          </p>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-tag`}>{t('filters.tag')}</Label>
          <Input id={`${id}-tag`} value={tag} onChange={(event) => setTag(event.target.value)} aria-describedby={`${id}-tag-hint`} />
          <p id={`${id}-tag-hint`} className="text-sm text-muted-foreground">
            {t('filters.tagHint')}
          </p>
        </div>
        {search || tag ? (
          <Button
            type="button"
            variant="ghost"
            className="sm:mb-7"
            onClick={() => {
              setSearch('');
              setTag('');
            }}
          >
            {t('filters.clear')}
          </Button>
        ) : null}
      </div>

      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-list`} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-hidden">
            {t('list.label')}
          </h2>
          <p className="text-sm text-muted-foreground" role="status">
            {contacts.isSuccess ? t('list.shown', { count: shown.length }) : null}
          </p>
        </div>
        {contacts.isPending ? (
          <p className="text-sm text-muted-foreground">{t('list.loading')}</p>
        ) : contacts.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive">{t('list.failed')}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => void contacts.refetch()}>
              {t('list.retry')}
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            {filtered ? t('list.noMatch') : t('list.empty')}
          </p>
        ) : (
          <ul aria-labelledby={`${id}-list`} className="flex flex-col divide-y rounded-lg border">
            {shown.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                onTag={setTag}
                onEdit={() => setOpen({ kind: 'edit', contact })}
                onDelete={(event) => setOpen({ kind: 'delete', contact, trigger: event.currentTarget })}
              />
            ))}
          </ul>
        )}
        {contacts.hasNextPage ? (
          <Button
            type="button"
            variant="outline"
            className="self-center"
            disabled={contacts.isFetchingNextPage}
            onClick={() => void contacts.fetchNextPage()}
          >
            {contacts.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        ) : null}
      </section>

      <ContactsImport />

      {open?.kind === 'add' ? <ContactFormDialog onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? <ContactFormDialog contact={open.contact} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? (
        <DeleteContactDialog contact={open.contact} onClose={() => setOpen(null)} returnFocus={focusBack} />
      ) : null}
    </div>
  );
}

type TContactRowProps = {
  contact: TContact;
  onTag: (tag: string) => void;
  onEdit: () => void;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
};

function ContactRow({ contact, onTag, onEdit, onDelete }: TContactRowProps) {
  const { t } = useTranslation('contacts');
  const { name } = contact;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold break-words">{name}</span>
        <span translate="no" dir="ltr" className="self-start text-sm tabular-nums">
          {contact.fax_number}
        </span>
        {contact.company || contact.email ? (
          <span className="text-sm break-words text-muted-foreground">{[contact.company, contact.email].filter(Boolean).join(' · ')}</span>
        ) : null}
        <ContactStation contact={contact} />
        {contact.notes ? <span className="text-sm break-words whitespace-pre-line text-muted-foreground">{contact.notes}</span> : null}
        {contact.tags.length > 0 ? (
          <ul aria-label={t('list.tags')} className="flex flex-wrap gap-1">
            {contact.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  onClick={() => onTag(tag)}
                  aria-label={t('list.filterByTag', { tag })}
                >
                  <Badge variant="accent">{tag}</Badge>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Button asChild size="sm">
          <Link to={sendFaxTo(contact.fax_number, name, contact.station_id)} aria-label={t('list.sendFaxTo', { name })}>
            {t('list.sendFax')}
          </Link>
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={t('list.editContact', { name })}>
          {t('list.edit')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDelete} aria-label={t('list.deleteContact', { name })}>
          {t('list.delete')}
        </Button>
      </div>
    </li>
  );
}
