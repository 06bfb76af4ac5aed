import { useTranslation } from 'react-i18next';

import { ContactsBook } from '@/features/address-book/components/contacts-book';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/contacts: the account's address book, read from and written to the server. */
export default function ContactsRoute() {
  const { t } = useTranslation('contacts');
  useDocumentTitle(t('title'));

  return (
    <section className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </div>
      <ContactsBook />
    </section>
  );
}
