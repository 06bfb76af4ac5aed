import type { TContentItem, TLanguage } from '@faxline/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';
import { useSearchState } from '@/lib/use-search-state';

import { useContentItem } from '../api/get-content-item';
import {
  CONTENT_TABS,
  contentViewFromSearch,
  REVIEWS_TAB,
  searchForContentView,
  type TContentTab,
  type TContentView,
} from '../utils/content-tabs';

import { ContentForm } from './content-form';
import { ContentList } from './content-list';
import { ReviewsModeration } from './reviews-moderation';

type TContentAdminProps = {
  /** The site's Markdown renderer, for the edit form's preview. */
  renderMarkdown: (markdown: string) => ReactNode;
};

const TAB_LABEL = { pages: 'content.tabs.pages', 'blog-posts': 'content.tabs.blogPosts', faqs: 'content.tabs.faqs' } as const;

function EditItem({
  view,
  hrefOf,
  renderMarkdown,
}: { view: TContentView; hrefOf: (change: Partial<TContentView>) => string } & TContentAdminProps) {
  const { t } = useTranslation('admin-support');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const isNew = view.editing === 'new';
  const item = useContentItem(isNew ? null : view.editing);
  const backHref = hrefOf({ editing: null });
  const defaultLanguage: TLanguage = view.language === 'all' ? language : view.language;
  const onCreated = (created: TContentItem) => void navigate(hrefOf({ editing: created.id }), { replace: true });

  if (isNew)
    return (
      <ContentForm
        kind={view.kind}
        item={null}
        defaultLanguage={defaultLanguage}
        backHref={backHref}
        onCreated={onCreated}
        renderMarkdown={renderMarkdown}
      />
    );
  if (item.isPending)
    return (
      <p role="status" className="rounded-lg border p-6 text-muted-foreground">
        {t('content.form.loading')}
      </p>
    );
  if (item.isError || item.data.kind !== view.kind)
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
        <p className="font-semibold">{t('content.form.loadFailed')}</p>
        {item.error instanceof ApiError ? <p className="text-muted-foreground">{item.error.message}</p> : null}
        <Button asChild variant="outline">
          <Link to={backHref}>{t('content.form.back')}</Link>
        </Button>
      </div>
    );
  return (
    <ContentForm
      key={item.data.id}
      kind={view.kind}
      item={item.data}
      defaultLanguage={defaultLanguage}
      backHref={backHref}
      onCreated={onCreated}
      renderMarkdown={renderMarkdown}
    />
  );
}

/**
 * /admin/content (spec 001 §2.11): tabs Pages, Blog Posts and FAQs, each a list and an edit form. The tab, the
 * language filter and the item being edited are in the address, so each view can be bookmarked and returned to.
 */
export function ContentAdmin({ renderMarkdown }: TContentAdminProps) {
  const { t } = useTranslation(['admin-support', 'admin-publishing']);
  const [search, changeSearch] = useSearchState();
  const view = contentViewFromSearch(search);
  const hrefOf = (change: Partial<TContentView>) => `?${searchForContentView({ ...view, ...change })}`;
  // Customers' reviews sit beside the site's content: the back office moderates what the site shows (decision 115).
  const onReviews = search.get('tab') === REVIEWS_TAB;

  return (
    <Tabs
      value={onReviews ? REVIEWS_TAB : view.tab}
      onValueChange={(tab) =>
        changeSearch((latest) =>
          tab === REVIEWS_TAB
            ? new URLSearchParams({ tab: REVIEWS_TAB })
            : searchForContentView({ tab: tab as TContentTab, language: contentViewFromSearch(latest).language, editing: null }),
        )
      }
    >
      <TabsList aria-label={t('content.tabsLabel')}>
        {CONTENT_TABS.map(({ tab }) => (
          <TabsTrigger key={tab} value={tab}>
            {t(TAB_LABEL[tab])}
          </TabsTrigger>
        ))}
        <TabsTrigger value={REVIEWS_TAB}>{t('admin-publishing:reviews.tab')}</TabsTrigger>
      </TabsList>
      {CONTENT_TABS.map(({ tab, kind }) => (
        <TabsContent key={tab} value={tab} className="pt-6">
          {view.editing ? (
            <EditItem view={view} hrefOf={hrefOf} renderMarkdown={renderMarkdown} />
          ) : (
            <ContentList
              kind={kind}
              language={view.language}
              onLanguage={(language) => changeSearch((latest) => searchForContentView({ ...contentViewFromSearch(latest), language }))}
              editHref={(id) => hrefOf({ editing: id })}
            />
          )}
        </TabsContent>
      ))}
      <TabsContent value={REVIEWS_TAB} className="pt-6">
        {onReviews ? <ReviewsModeration /> : null}
      </TabsContent>
    </Tabs>
  );
}
