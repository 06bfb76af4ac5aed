import { describe, expect, it } from 'vitest';
import { withPageHead } from './page-head';

const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta\n      name="description"\n      content="General."\n    />\n    <title>Faxline</title>\n  </head>\n  <body></body>\n</html>\n';

describe('withPageHead', () => {
  it('writes the title, description, language and preview tags, with every value escaped', () => {
    const html = withPageHead(INDEX, {
      title: 'Fax "now" </title><script>alert(1)</script>',
      siteName: 'Faxline',
      description: 'A & B <img onerror=x>',
      url: 'https://fax.example.com/blog/a',
      language: 'es',
      type: 'article',
      publishedAt: '2026-12-05T08:00:00.000Z',
    });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Fax &quot;now&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Faxline</title>');
    expect(html).toContain('<meta name="description" content="A &amp; B &lt;img onerror=x&gt;" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="article:published_time" content="2026-12-05T08:00:00.000Z" />');
    expect(html).not.toContain('General.');
    expect(html).not.toContain('<script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("keeps a title's dollar signs as written, never as a replacement pattern", () => {
    const html = withPageHead(INDEX, {
      title: "Save $' and $& today",
      siteName: 'Faxline',
      description: 'Costs $` less',
      url: 'https://fax.example.com/blog/b',
      language: 'en',
      type: 'article',
    });
    expect(html).toContain('<title>Save $&#39; and $&amp; today | Faxline</title>');
    expect(html).toContain('content="Costs $` less"');
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
