import type { TFaxSnippet } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

/**
 * Where a search's words were found in a fax's text (decision 100): the page, and the words around them with the
 * matching ones marked. The text is the fax's own, as read: not translated.
 */
export function FaxSnippet({ snippet, className }: { snippet: TFaxSnippet; className?: string }) {
  const { t } = useTranslation('faxes');
  return (
    <p className={cn('text-xs font-normal break-words text-muted-foreground', className)}>
      <span className="font-medium text-foreground">{t('history.snippetPage', { page: snippet.page })}</span>{' '}
      <span translate="no">
        {snippet.parts.map((part, index) =>
          part.match ? (
            <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-medium text-foreground">
              {part.text}
            </mark>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </span>
    </p>
  );
}
