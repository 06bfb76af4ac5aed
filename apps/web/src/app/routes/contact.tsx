import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ContactDetailsPanel } from '@/features/contact-us/components/contact-details-panel';
import { ContactForm } from '@/features/contact-us/components/contact-form';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** /contact (spec 000 §2): the contact form, and call, e-mail, office and support hours. */
export default function ContactRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('contact.meta.title'), description: t('contact.meta.description') });
  useScrollToHash();

  return (
    <>
      <PageHeader title={t('contact.heading')} intro={t('contact.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="contact-form-heading" className="flex flex-col gap-6">
          <h2 id="contact-form-heading" className="text-2xl font-bold">
            {t('contact.form.heading')}
          </h2>
          <ContactForm />
        </section>
        <aside aria-label={t('contact.details.heading')} className="flex flex-col gap-6">
          <ContactDetailsPanel />
          <p className="text-sm text-muted-foreground">
            {t('contact.selfHelp')}{' '}
            <Link to={paths.support.getHref()} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
              {t('contact.supportLink')}
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}
