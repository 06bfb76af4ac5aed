import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';

type TCopyButtonProps = { text: string; label: string; copiedDescription: string };

/**
 * Copies `text` and says so: a toast, and for screen readers a status next to the button (in a dialog the toast is
 * hidden from them). The label stays the same, so the button keeps its name.
 */
export function CopyButton({ text, label, copiedDescription }: TCopyButtonProps) {
  const { t } = useTranslation('security');
  const [status, setStatus] = useState('');

  // The status is cleared after a while, so copying again is announced again.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    if (await copyText(text)) {
      setStatus(t('clipboard.copied'));
      toast({ title: t('clipboard.copied'), description: copiedDescription });
    } else {
      setStatus(t('clipboard.copyFailedDescription'));
      toast({ title: t('clipboard.copyFailed'), description: t('clipboard.copyFailedDescription'), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="sr-only">
        {status}
      </span>
    </>
  );
}
