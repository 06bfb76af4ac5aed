import { describe, expect, it } from 'vitest';

import { contentViewFromSearch, searchForContentView } from './content-tabs';

describe('the content view in the address', () => {
  it('reads the tab, the language filter and the item being edited', () => {
    expect(contentViewFromSearch(new URLSearchParams('tab=faqs&language=es&edit=new'))).toEqual({
      tab: 'faqs',
      kind: 'faq',
      language: 'es',
      editing: 'new',
    });
  });

  it('falls back to the Pages list for anything unknown', () => {
    expect(contentViewFromSearch(new URLSearchParams('tab=videos&language=de'))).toEqual({
      tab: 'pages',
      kind: 'page',
      language: 'all',
      editing: null,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(searchForContentView({ tab: 'pages', language: 'all', editing: null }).toString()).toBe('');
    expect(searchForContentView({ tab: 'blog-posts', language: 'fr', editing: 'id-1' }).toString()).toBe(
      'tab=blog-posts&language=fr&edit=id-1',
    );
  });
});
