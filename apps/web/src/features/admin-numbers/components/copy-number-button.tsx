import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';

type TCopyNumberButtonProps = {
  /** What is copied: the number in E.164, as other systems take it. */
  phoneNumber: string;
  /** The number as the page shows it, for the button's name and the toasts. */
  shown: string;
};

/** Copies a number to the clipboard and says so ('Copied to Clipboard' / 'Copy Failed', spec 001 §8). */
export function CopyNumberButton({ phoneNumber, shown }: TCopyNumberButtonProps) {
  const { t } = useTranslation('admin-catalogue');

  const copy = async () => {
    if (await copyText(phoneNumber)) {
      toast({ title: t('numbers.toasts.copiedTitle'), description: t('numbers.toasts.copiedDescription', { number: phoneNumber }) });
    } else {
      toast({
        title: t('numbers.toasts.copyFailedTitle'),
        description: t('numbers.toasts.copyFailedDescription', { number: shown }),
        variant: 'destructive',
      });
    }
  };

  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      aria-label={t('numbers.actions.copyLabel', { number: shown })}
      onClick={() => void copy()}
    >
      {t('numbers.actions.copy')}
    </Button>
  );
}
