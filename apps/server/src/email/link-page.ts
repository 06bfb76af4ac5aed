import type { TLanguage } from '@faxline/shared';
import Handlebars from 'handlebars';

const engine = Handlebars.create();

/**
 * The small pages an e-mailed link opens, served by the API itself (escaped Handlebars): the link works without the web
 * app, and no script runs. A page may ask with a button that posts back to the same link, so that a link scanner that
 * follows it changes nothing.
 */
const PAGE = engine.compile(`<!doctype html>
<html lang="{{language}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{title}} · Faxline</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111827;line-height:1.5}button{font:inherit;background:#5b21b6;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;cursor:pointer}button:focus-visible{outline:3px solid #111827;outline-offset:2px}a{color:#5b21b6}</style></head>
<body><main><h1>{{title}}</h1>
{{#each paragraphs}}<p>{{this}}</p>{{/each}}
{{#if confirm}}<form method="post" action="{{confirm.action}}">{{#each confirm.fields}}<input type="hidden" name="{{name}}" value="{{value}}">{{/each}}<button type="submit">{{confirm.label}}</button></form>{{/if}}
{{#if link}}<p><a href="{{link.url}}">{{link.label}}</a></p>{{/if}}
</main></body></html>`);

export type LinkPage = {
  language: TLanguage;
  title: string;
  paragraphs: string[];
  /** The button that does what the link is for, posting to `action` (with `fields`, when the receiver wants them). */
  confirm?: { label: string; action: string; fields?: Array<{ name: string; value: string }> };
  /** Where to go from here. */
  link?: { label: string; url: string };
};

export const renderLinkPage = (page: LinkPage): string => PAGE(page);
