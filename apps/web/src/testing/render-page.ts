import { LANGUAGES, type TLanguage } from '@faxline/shared';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';

import { LanguageContext } from '@/lib/use-language';

export type TPageSetting = {
  language: TLanguage;
  /** Each language's texts by namespace: `{ en: { billing: enTexts }, fr: { billing: frTexts } }`. */
  texts: Resource;
  /** Values every text may use besides its own (the shared limits, `MESSAGE_DEFAULTS`). */
  defaultVariables?: Record<string, unknown>;
  /** The queries the server has already answered, each key with its data; undefined data: not answered yet. */
  answers?: ReadonlyArray<readonly [QueryKey, unknown]>;
  /** Where the router is (path and search). */
  path?: string;
};

/**
 * `page` inside what the app gives it: a router, i18next in `language` (an instance of its own: the app's starts from
 * the browser's language and storage), the language context, and a query client holding the answers.
 */
async function inApp(page: ReactNode, { language, texts, defaultVariables, answers = [], path = '/' }: TPageSetting) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: texts,
    fallbackLng: 'en',
    interpolation: { escapeValue: false, defaultVariables },
    showSupportNotice: false,
  });
  const client = new QueryClient();
  for (const [key, data] of answers) if (data !== undefined) client.setQueryData(key, data);
  return createElement(
    MemoryRouter,
    { initialEntries: [path] },
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        LanguageContext.Provider,
        { value: { language, setLanguage: () => {}, languages: LANGUAGES } },
        createElement(QueryClientProvider, { client }, page),
      ),
    ),
  );
}

/** The markup of `page` as it first renders, its data already answered. */
export async function renderPage(page: ReactNode, setting: TPageSetting): Promise<string> {
  return renderToStaticMarkup(await inApp(page, setting));
}

/** The same, prerendered: waits for lazily loaded parts as a browser would. */
export async function prerenderPage(page: ReactNode, setting: TPageSetting): Promise<string> {
  const { prelude } = await prerenderToNodeStream(await inApp(page, setting));
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * The page's text as a person reads it: each tag a space, apostrophes unescaped, runs of white space one space. With
 * `keepNoBreakSpaces`, only the markup's own spaces are collapsed, so that French amounts keep theirs and match `Intl`.
 */
export function pageText(html: string, { keepNoBreakSpaces = false } = {}): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(keepNoBreakSpaces ? /[ \t\n]+/g : /\s+/g, ' ')
    .trim();
}

/** US dollars as `language` writes them: what a page shows for `cents`. */
export const dollars = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);
