import { LANGUAGES, type TContentKind, type TContentSummary, type TLanguage } from '@faxline/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { SelectField, SelectOptions } from '@/components/ui/native-select';
import { ScrollTable } from '@/components/ui/scroll-table';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useContentItems } from '../api/get-content-items';
import { useContentStatusAction } from '../hooks/use-content-status';

import { ContentStatusBadge } from './content-status-badge';
import { DeleteContentDialog } from './delete-content-dialog';

type TContentListProps = {
  kind: TContentKind;
  language: TLanguage | 'all';
  onLanguage: (language: TLanguage | 'all') => void;
  /** The address of an item's edit form ('new' for a new item). */
  editHref: (id: string) => string;
};

// Spec 001 §3: pages show their path, blog posts and FAQs their category; an FAQ's title is its question.
const SECOND_COLUMN = { page: 'path', blog_post: 'category', faq: 'category' } as const;

/** One kind's items as a table, with the language filter, a New button, and edit, publish and delete per row. */
export function ContentList({ kind, language, onLanguage, editHref }: TContentListProps) {
  const { t } = useTranslation('admin-support');
  const id = useId();
  const items = useContentItems(kind, language);
  const status = useContentStatusAction();
  const [deleting, setDeleting] = useState<{ item: TContentSummary; trigger: HTMLElement } | null>(null);
  const newButton = useRef<HTMLAnchorElement>(null);
  const dates = useDateFormat();
  const second = SECOND_COLUMN[kind];

  const table = () => {
    if (items.isPending)
      return (
        <p role="status" className="rounded-lg border p-6 text-muted-foreground">
          {t('content.loading')}
        </p>
      );
    if (items.isError)
      return (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
          <p className="font-semibold">{t('content.loadFailed')}</p>
          <p className="text-muted-foreground">{items.error instanceof ApiError ? items.error.message : t('common.unknownError')}</p>
          <Button type="button" variant="outline" onClick={() => void items.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
    if (items.data.items.length === 0)
      return (
        <p role="status" className="rounded-lg border p-6 text-center font-medium">
          {t(`content.kinds.${kind}.empty`)}
        </p>
      );
    return (
      <ScrollTable label={t(`content.kinds.${kind}.listLabel`)} tableClassName="min-w-[52rem] text-left">
        <TableHead>
          <tr>
            <HeaderCell className="px-4">{kind === 'faq' ? t('content.columns.question') : t('content.columns.title')}</HeaderCell>
            <HeaderCell className="px-4">{t(`content.columns.${second}`)}</HeaderCell>
            <HeaderCell className="px-4">{t('content.columns.language')}</HeaderCell>
            <HeaderCell className="px-4">{t('content.columns.status')}</HeaderCell>
            <HeaderCell className="px-4">{t('content.columns.lastModified')}</HeaderCell>
            <HeaderCell className="px-4 text-right">{t('content.columns.actions')}</HeaderCell>
          </tr>
        </TableHead>
        <tbody className="divide-y">
          {items.data.items.map((item) => {
            const published = item.status === 'published';
            return (
              <tr key={item.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-medium">
                  <Link to={editHref(item.id)} className="text-primary underline-offset-4 hover:underline">
                    {item.title}
                  </Link>
                </th>
                <td className="px-4 py-3">
                  {second === 'path' ? <code className="text-xs">{item.path}</code> : item.category || <span aria-hidden="true">—</span>}
                </td>
                <td className="px-4 py-3">{t(`languages.${item.language}`)}</td>
                <td className="px-4 py-3">
                  <ContentStatusBadge status={item.status} publishedAt={item.publishedAt} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <time dateTime={item.updatedAt}>{dates.dateTime(item.updatedAt)}</time>
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={status.pendingId === item.id}
                      aria-label={t(published ? 'content.actions.unpublishLabel' : 'content.actions.publishLabel', { title: item.title })}
                      onClick={() => void status.run(item, published ? 'draft' : 'published')}
                    >
                      {published ? t('content.actions.unpublish') : t('content.actions.publish')}
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      className="text-destructive hover:text-destructive"
                      aria-label={t('content.actions.deleteLabel', { title: item.title })}
                      onClick={(event) => setDeleting({ item, trigger: event.currentTarget })}
                    >
                      {t('content.actions.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollTable>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SelectField
          id={`${id}-language`}
          label={t('content.filterLanguage')}
          fieldClassName="w-full sm:w-56"
          value={language}
          onChange={(e) => onLanguage(e.target.value as TLanguage | 'all')}
        >
          <option value="all">{t('content.allLanguages')}</option>
          <SelectOptions values={LANGUAGES} labelOf={(code) => t(`languages.${code}`)} />
        </SelectField>
        <Button asChild>
          <Link ref={newButton} to={editHref('new')}>
            {t(`content.kinds.${kind}.new`)}
          </Link>
        </Button>
      </div>
      {table()}
      {deleting ? (
        <DeleteContentDialog
          item={deleting.item}
          onClose={() => setDeleting(null)}
          returnFocus={() => (deleting.trigger.isConnected ? deleting.trigger : newButton.current)?.focus()}
        />
      ) : null}
    </div>
  );
}
