import type { ReactNode } from 'react';

import { Button } from './button';
import { CopyButton } from './copy-button';

/** The texts around a secret shown once, as a feature's `secret` texts hold them. */
export type TShownOnceTexts = {
  copy: string;
  copied: string;
  copiedDescription: string;
  copyFailed: string;
  copyFailedDescription: string;
  done: string;
};

type TShownOnceSecretProps = {
  label: ReactNode;
  secret: string;
  /** How browser tests find the value. */
  testId: string;
  texts: TShownOnceTexts;
  onClose: () => void;
  /** What is said between the value and the buttons. */
  children?: ReactNode;
};

/**
 * A secret the one time it is shown, inside its dialog: the value, selectable and never translated, then Copy and
 * the button that closes once it is copied.
 */
export function ShownOnceSecret({ label, secret, testId, texts, onClose, children }: TShownOnceSecretProps) {
  return (
    <>
      <div className="flex min-w-0 flex-col gap-2">
        <span className="text-sm font-medium">{label}</span>
        <code translate="no" data-testid={testId} className="block rounded-md border bg-muted p-3 font-mono text-sm break-all select-all">
          {secret}
        </code>
      </div>
      {children}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CopyButton
          text={secret}
          label={texts.copy}
          texts={{
            copied: texts.copied,
            copiedDescription: texts.copiedDescription,
            failed: texts.copyFailed,
            failedDescription: texts.copyFailedDescription,
          }}
        />
        <Button type="button" onClick={onClose}>
          {texts.done}
        </Button>
      </div>
    </>
  );
}
