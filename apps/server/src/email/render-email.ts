import type { TLanguage } from '@faxline/shared';
import Handlebars from 'handlebars';

/**
 * Faxline's e-mails are Handlebars templates (escaped by default) inside one layout: a body of paragraphs, an optional
 * button, an optional image, and a footer. Each e-mail has the same words in its plain-text part.
 */
const engine = Handlebars.create();

const LAYOUT_HTML = engine.compile(`<!doctype html>
<html lang="{{language}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{subject}}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
{{#if greeting}}<p>{{greeting}}</p>{{/if}}
{{#each paragraphs}}<p>{{this}}</p>{{/each}}
{{#if facts.length}}<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">{{#each facts}}<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#4b5563;font-weight:normal">{{label}}</th><td style="padding:4px 0">{{value}}</td></tr>{{/each}}</table>{{/if}}
{{#if image}}<p><img src="{{image.src}}" alt="{{image.alt}}" width="{{image.width}}" style="max-width:100%;border:1px solid #d1d5db"></p>{{/if}}
{{#if action}}<p><a href="{{action.url}}" style="display:inline-block;background:#5b21b6;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">{{action.label}}</a>{{#if otherAction}} <a href="{{otherAction.url}}" style="display:inline-block;background:#ffffff;color:#5b21b6;border:1px solid #5b21b6;padding:9px 17px;border-radius:6px;text-decoration:none">{{otherAction.label}}</a>{{/if}}</p>{{/if}}
{{#each notes}}<p style="font-size:13px;color:#4b5563">{{this}}</p>{{/each}}
<p>{{signature}}</p>
{{#if footer}}<p style="font-size:12px;color:#4b5563;border-top:1px solid #e5e7eb;padding-top:12px">{{footer}}{{#if footerLink}} <a href="{{footerLink.url}}" style="color:#5b21b6">{{footerLink.label}}</a>{{/if}}</p>{{/if}}
</div></body></html>`);

const LAYOUT_TEXT = engine.compile(
  `{{#if greeting}}{{greeting}}

{{/if}}{{#each paragraphs}}{{this}}

{{/each}}{{#each facts}}{{label}}: {{value}}
{{/each}}{{#if facts.length}}
{{/if}}{{#if action}}{{action.label}}: {{action.url}}
{{#if otherAction}}{{otherAction.label}}: {{otherAction.url}}
{{/if}}
{{/if}}{{#each notes}}{{this}}
{{/each}}{{#if notes.length}}
{{/if}}{{signature}}{{#if footer}}

--
{{footer}}{{#if footerLink}} {{footerLink.url}}{{/if}}{{/if}}
`,
  // The plain-text part is not HTML: nothing in it is escaped.
  { noEscape: true },
);

export type EmailContent = {
  language: TLanguage;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Labelled facts (recipient, pages, attempts...), a table in HTML and lines in text. */
  facts?: Array<{ label: string; value: string }>;
  action?: { label: string; url: string };
  /** A second button beside `action`, drawn as its outline (deny beside approve). */
  otherAction?: { label: string; url: string };
  /** An image shown in the HTML part only (the first page of a fax, by `cid:`). */
  image?: { src: string; alt: string; width: number };
  notes?: string[];
  signature: string;
  footer?: string;
  footerLink?: { label: string; url: string };
};

/** The HTML and plain-text parts of an e-mail. */
export function renderEmail(content: EmailContent): { subject: string; html: string; text: string } {
  const data = { facts: [], notes: [], ...content };
  return { subject: content.subject, html: LAYOUT_HTML(data), text: LAYOUT_TEXT(data).trimEnd() + '\n' };
}
