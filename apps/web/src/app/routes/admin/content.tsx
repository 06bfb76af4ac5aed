import { useTranslation } from 'react-i18next';

import { ContentAdmin } from '@/features/admin-content/components/content-admin';
import { Markdown } from '@/components/ui/markdown';
import { useDocumentTitle } from '@/lib/use-document-title';

// The preview sits under the form's h2 and its own h3 heading: Markdown headings start at h4 there.
const renderPreview = (markdown: string) => <Markdown headingLevel={4}>{markdown}</Markdown>;

/** /admin/content (spec 001 §2.11): pages, blog posts and FAQs of the public site, written in Markdown. */
export default function AdminContentRoute() {
  const { t } = useTranslation('admin-support');
  useDocumentTitle(t('content.title'));

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('content.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('content.intro')}</p>
      </div>
      <ContentAdmin renderMarkdown={renderPreview} />
    </section>
  );
}
