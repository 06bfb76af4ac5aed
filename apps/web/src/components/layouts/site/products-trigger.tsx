import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/** The products menu's button, also shown (disabled) while the menu's code loads so the header does not jump. */
export function ProductsTrigger(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium outline-hidden hover:bg-background hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-70 data-[state=open]:bg-background"
      {...props}
    >
      {t('products.trigger')}
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
