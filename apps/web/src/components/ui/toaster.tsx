import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';

/** Spec 000 §9: one toast at a time, 5000 ms. Mounted once in the app; show toasts with `toast()` from @/lib/toast. */
export function Toaster() {
  const { t } = useTranslation();
  return (
    <Sonner
      position="bottom-center"
      visibleToasts={1}
      duration={5000}
      closeButton
      containerAriaLabel={t('toast.region')}
      toastOptions={{
        unstyled: true,
        closeButtonAriaLabel: t('toast.close'),
        classNames: {
          toast: 'relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 font-sans shadow-lg sm:w-[var(--width)]',
          default: 'border-border bg-background text-foreground',
          // Destructive: white on red-700, contrast 6.5:1; the error icon says it without relying on colour.
          error: 'border-destructive bg-destructive text-destructive-foreground',
          title: 'text-sm font-semibold',
          description: 'text-sm',
          icon: 'mt-0.5 shrink-0',
          closeButton:
            'absolute top-2 right-2 grid size-6 place-items-center rounded-sm opacity-80 hover:opacity-100 outline-hidden focus-visible:ring-2 focus-visible:ring-ring',
        },
      }}
    />
  );
}
