import { ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE, type TAdminAnnouncement } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useAnnouncementRecipients } from '../api/announcements';

/** The record of who was sent what: each person reached, what their e-mail did, and whether they dismissed the banner. */
export function AnnouncementRecord({ announcement }: { announcement: TAdminAnnouncement }) {
  const { t } = useTranslation('admin-announcements');
  const dates = useDateFormat();
  const [page, setPage] = useState(1);
  const record = useAnnouncementRecipients(announcement.id, page);
  if (record.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('record.loading')}
      </p>
    );
  if (record.isError) return <p role="alert">{record.error instanceof ApiError ? record.error.message : t('unknownError')}</p>;
  const pages = Math.max(1, Math.ceil(record.data.total / ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE));
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('record.label', { title: announcement.texts.en.title })}</caption>
          <thead className="bg-muted/60">
            <tr>
              {(['person', 'account', 'outcome', 'language', 'recordedAt', 'dismissedAt'] as const).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {t(`record.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {record.data.recipients.map((row) => (
              <tr key={row.email} className="border-t">
                <td className="px-3 py-2">
                  <span className="font-medium">{row.name}</span>
                  <span className="block break-all text-muted-foreground">{row.email}</span>
                </td>
                <td className="px-3 py-2">{row.accountName ?? ''}</td>
                <td className="px-3 py-2">{t(`record.outcomes.${row.outcome}`)}</td>
                <td className="px-3 py-2">{t(`record.languages.${row.sentLanguage}`)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{row.emailedAt ? dates.dateTime(row.emailedAt) : '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {row.dismissedAt ? dates.dateTime(row.dismissedAt) : t('record.notDismissed')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <Pagination
          page={page}
          pages={pages}
          onPage={setPage}
          label={t('record.pages')}
          previousLabel={t('record.previous')}
          nextLabel={t('record.next')}
          pageOf={t('record.pageOf', { page, pages })}
        />
      ) : null}
    </div>
  );
}
