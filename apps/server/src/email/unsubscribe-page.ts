import type { TLanguage } from '@faxline/shared';
import Handlebars from 'handlebars';

const engine = Handlebars.create();

/**
 * The small pages an unsubscribe link opens, served by the API itself (escaped Handlebars): a mail client's link
 * works without the web app, and no script runs. A page may ask with a button that posts back to the same link.
 */
const PAGE = engine.compile(`<!doctype html>
<html lang="{{language}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{title}} · Faxline</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111827;line-height:1.5}button{font:inherit;background:#5b21b6;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;cursor:pointer}button:focus-visible{outline:3px solid #111827;outline-offset:2px}a{color:#5b21b6}</style></head>
<body><main><h1>{{title}}</h1>
{{#each paragraphs}}<p>{{this}}</p>{{/each}}
{{#if confirm}}<form method="post" action="{{confirm.action}}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">{{confirm.label}}</button></form>{{/if}}
<p><a href="{{settings.url}}">{{settings.label}}</a></p>
</main></body></html>`);

export type UnsubscribePage = {
  language: TLanguage;
  title: string;
  paragraphs: string[];
  /** The button that unsubscribes, posting to `action`. */
  confirm?: { label: string; action: string };
  settings: { label: string; url: string };
};

export const renderUnsubscribePage = (page: UnsubscribePage): string => PAGE(page);
