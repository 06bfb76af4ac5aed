import { useEffect, useState } from 'react';

import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';

import { Button } from './button';

export type TCopyButtonTexts = {
  /** The toast's title and the status read out after copying. */
  copied: string;
  copiedDescription: string;
  failed: string;
  failedDescription: string;
};

type TCopyButtonProps = { text: string; label: string; texts: TCopyButtonTexts; className?: string };

/**
 * Copies `text` and says so: a toast, and for screen readers a status next to the button (in a dialog the toast is
 * hidden from them). The label stays the same, so the button keeps its name. Texts come from the feature that uses it.
 */
export function CopyButton({ text, label, texts, className }: TCopyButtonProps) {
  const [status, setStatus] = useState('');

  // The status is cleared after a while, so copying again is announced again.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    if (await copyText(text)) {
      setStatus(texts.copied);
      toast({ title: texts.copied, description: texts.copiedDescription });
    } else {
      setStatus(texts.failedDescription);
      toast({ title: texts.failed, description: texts.failedDescription, variant: 'destructive' });
    }
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" className={className} onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="sr-only">
        {status}
      </span>
    </>
  );
}
