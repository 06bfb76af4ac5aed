import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Pagination } from './pagination';

const render = (props: Partial<ComponentProps<typeof Pagination>>) =>
  renderToStaticMarkup(
    createElement(Pagination, {
      page: 1,
      pages: 3,
      onPage: () => {},
      label: 'Fax list pages',
      previousLabel: 'Previous',
      nextLabel: 'Next',
      pageOf: 'Page 1 of 3',
      ...props,
    }),
  );

/** Whether the button of that name carries the disabled attribute (its classes mention "disabled:" too). */
const isDisabled = (html: string, name: string) => /\sdisabled=""/.test(html.match(new RegExp(`<button[^>]*>${name}</button>`))?.[0] ?? '');

describe('Pagination', () => {
  it('is a named navigation whose Previous is off on the first page and Next on the last', () => {
    const first = render({ page: 1 });
    expect(first).toMatch(/^<nav aria-label="Fax list pages"/);
    expect(isDisabled(first, 'Previous')).toBe(true);
    expect(isDisabled(first, 'Next')).toBe(false);
    const last = render({ page: 3, pageOf: 'Page 3 of 3' });
    expect(isDisabled(last, 'Previous')).toBe(false);
    expect(isDisabled(last, 'Next')).toBe(true);
  });

  it('announces the page it moved to, unless the page says so itself', () => {
    expect(render({})).toMatch(/aria-live="polite">Page 1 of 3</);
    expect(render({ announce: false })).not.toContain('aria-live');
  });

  it('with a summary, announces which rows are shown instead of the page number', () => {
    const html = render({ summary: '1–50 of 120' });
    expect(html).toMatch(/aria-live="polite">1–50 of 120</);
    expect(html.match(/aria-live=/g)).toHaveLength(1);
  });
});
