import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { toast } from '@/lib/toast';

import { useContentSearch } from '../hooks/use-content-search';
import { useViewer } from '../hooks/use-viewer';

// The keyword table is fetched when someone starts typing, not with the first page; once here, it is used at once, so
// that a submission is handled before the next key press (a quick typist's next words are not lost to it).
let lookupLoaded: Awaited<ReturnType<typeof loadLookup>> | undefined;
function loadLookup() {
  return Promise.all([import('../utils/keyword-routes'), import('../utils/route-access')]).then((modules) => {
    lookupLoaded = modules;
    return modules;
  });
}

/**
 * The header's AI navigation box (spec 000 §2): a keyword anywhere in what was typed opens its page, through the
 * access rule; then a question that an FAQ or help section of /support answers opens it there, the answer in a toast
 *; otherwise the spec's 'Not Found' toast.
 */
export function NavigationBox() {
  const { t } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const viewer = useViewer();
  const loadContentSearch = useContentSearch();
  const [query, setQuery] = useState('');
  const inputId = useId();

  async function go(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitted = query;
    let lookup = lookupLoaded;
    if (!lookup) {
      try {
        lookup = await loadLookup();
      } catch {
        toast({ title: tErrors('api.network'), variant: 'destructive' });
        return;
      }
    }
    const [{ matchNavigation }, { resolveDestination }] = lookup;
    const page = matchNavigation(submitted);
    let href: string;
    if (page) {
      const destination = resolveDestination(page, viewer);
      toast({
        title: t('assistant.nav.navigatingTitle'),
        description: t('assistant.nav.navigatingDescription', { page: t(`pages.${destination.page}`) }),
      });
      href = destination.href;
    } else {
      const found = await loadContentSearch().then(
        (search) => search(submitted),
        () => null,
      );
      if (!found) {
        toast({ title: t('assistant.nav.notFoundTitle'), description: t('assistant.nav.notFoundDescription'), variant: 'destructive' });
        return;
      }
      toast({ title: <span lang={found.language}>{found.title}</span>, description: <span lang={found.language}>{found.answer}</span> });
      href = found.href;
    }
    // Cleared only if it still shows what was submitted: words typed meanwhile stay.
    setQuery((current) => (current === submitted ? '' : current));
    void navigate(href);
  }

  return (
    <form
      role="search"
      aria-label={t('assistant.nav.label')}
      onSubmit={(event) => void go(event)}
      className="flex w-full items-center lg:w-64"
    >
      <label htmlFor={inputId} className="sr-only">
        {t('assistant.nav.inputLabel')}
      </label>
      <div className="relative flex-1">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-primary"
          fill="currentColor"
        >
          <path d="M12 2l1.9 5.6L19.5 9.5l-5.6 1.9L12 17l-1.9-5.6L4.5 9.5l5.6-1.9zM19 14l.9 2.6 2.6.9-2.6.9L19 21l-.9-2.6-2.6-.9 2.6-.9z" />
        </svg>
        <input
          id={inputId}
          type="text"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => {
            void loadLookup().catch(() => {});
            void loadContentSearch().catch(() => {});
          }}
          placeholder={t('assistant.nav.placeholder')}
          autoComplete="off"
          enterKeyHint="go"
          className="h-9 w-full rounded-l-md border border-input bg-background pr-2 pl-8 text-sm outline-hidden placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring lg:h-8"
        />
      </div>
      <button
        type="submit"
        className="h-9 shrink-0 rounded-r-md border border-l-0 border-primary bg-primary px-3 text-sm font-medium text-primary-foreground outline-hidden hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 lg:h-8"
      >
        {t('assistant.nav.submit')}
      </button>
    </form>
  );
}
