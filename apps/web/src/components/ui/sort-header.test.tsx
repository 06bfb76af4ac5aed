import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ariaSortOf, SortHeader, type TSort } from './sort-header';

const headerRow = (sort: TSort<'date' | 'pages'>) =>
  renderToStaticMarkup(
    createElement(
      'table',
      null,
      createElement(
        'thead',
        null,
        createElement(
          'tr',
          null,
          createElement(SortHeader<'date' | 'pages'>, { label: 'Date', sortKey: 'date', sort, onSort: () => {} }),
          createElement(SortHeader<'date' | 'pages'>, { label: 'Pages', sortKey: 'pages', sort, onSort: () => {} }),
        ),
      ),
    ),
  );

describe('SortHeader', () => {
  it('tells assistive technology how the table is sorted, on the active column only', () => {
    const html = headerRow({ key: 'date', order: 'desc' });
    expect(html).toContain('<th scope="col" aria-sort="descending"');
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    expect(headerRow({ key: 'pages', order: 'asc' })).toMatch(/aria-sort="ascending"[^>]*><button type="button"[^>]*>Pages</);
  });

  it('says the same in ariaSortOf, which tables use for their captions and tests', () => {
    expect(ariaSortOf({ key: 'date', order: 'asc' }, 'date')).toBe('ascending');
    expect(ariaSortOf({ key: 'date', order: 'asc' }, 'pages')).toBeUndefined();
  });
});
