import type { ComponentProps, ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';

import { cn } from '@/lib/utils';

type THeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

type TMarkdownProps = {
  children: string;
  /** The level a Markdown "#" heading gets, so that content fits the page's outline (an FAQ answer sits under h2). */
  headingLevel?: THeadingLevel;
  className?: string;
};

export const markdownLinkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** A link inside the site goes through the router (no page reload); any other opens as a normal link. */
function MarkdownLink({ href = '', children }: ComponentProps<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <Link to={href} className={markdownLinkClass}>
        {children}
      </Link>
    );
  const external = /^https?:\/\//i.test(href);
  return (
    <a href={href} className={markdownLinkClass} {...(external ? { rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

const HEADING_CLASSES = [
  'text-2xl font-bold',
  'text-xl font-semibold',
  'text-lg font-semibold',
  'font-semibold',
  'font-semibold',
  'font-semibold',
];

function headings(base: THeadingLevel): Partial<Components> {
  const heading = (depth: number) =>
    function MarkdownHeading({ children }: { children?: ReactNode }) {
      const level = Math.min(6, base + depth - 1);
      const Tag = `h${level}` as 'h2';
      return <Tag className={cn('text-foreground', HEADING_CLASSES[level - 1])}>{children}</Tag>;
    };
  return { h1: heading(1), h2: heading(2), h3: heading(3), h4: heading(4), h5: heading(5), h6: heading(6) };
}

/**
 * Markdown written in the back office, rendered safely: raw HTML is dropped (never rendered), link addresses go
 * through react-markdown's filter (no javascript: links), and headings are shifted to fit the page's outline.
 */
export function Markdown({ children, headingLevel = 2, className }: TMarkdownProps) {
  const components: Components = {
    ...headings(headingLevel),
    a: MarkdownLink,
    ul: ({ children: items }) => <ul className="flex list-disc flex-col gap-1 pl-6">{items}</ul>,
    ol: ({ children: items }) => <ol className="flex list-decimal flex-col gap-1 pl-6">{items}</ol>,
    blockquote: ({ children: quoted }) => <blockquote className="border-l-4 pl-4 italic">{quoted}</blockquote>,
    code: ({ children: code }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-sm">{code}</code>,
    pre: ({ children: block }) => (
      <pre className="overflow-x-auto rounded-md bg-muted p-3 [&_code]:bg-transparent [&_code]:p-0">{block}</pre>
    ),
    hr: () => <hr className="border-border" />,
  };
  return (
    <div className={cn('flex flex-col gap-3 break-words', className)}>
      <ReactMarkdown skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
