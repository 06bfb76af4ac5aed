import type { TPublicContent } from '@faxline/shared';
import { Markdown } from '@/components/ui/markdown';
import { PageHeader } from '@/components/ui/page-header';
import { useDateFormat } from '@/lib/use-date-format';
import { useDocumentMeta } from '@/lib/use-document-meta';

/**
 * A page or post written in the back office: its title, date (posts) and Markdown, rendered safely (components/ui
 * markdown.tsx: raw HTML dropped, unsafe link addresses removed). Its `lang` says which language it is shown in
 * (English when the reader's has no translation).
 */
export function ContentArticle({ item }: { item: TPublicContent }) {
  const dates = useDateFormat();
  useDocumentMeta({ title: item.title, description: item.description });
  const isPost = item.kind === 'blog_post';
  return (
    <article lang={item.language}>
      <PageHeader
        title={item.title}
        intro={
          isPost ? (
            <>
              <time dateTime={item.publishedAt}>{dates.date(item.publishedAt, 'long')}</time>
              {item.category ? <span> · {item.category}</span> : null}
            </>
          ) : undefined
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Markdown headingLevel={2} className="text-lg leading-relaxed">
          {item.body}
        </Markdown>
      </div>
    </article>
  );
}
