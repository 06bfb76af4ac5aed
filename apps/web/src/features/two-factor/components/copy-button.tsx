import { useTranslation } from 'react-i18next';

import { CopyButton as SharedCopyButton } from '@/components/ui/copy-button';

type TCopyButtonProps = { text: string; label: string; copiedDescription: string };

/** The shared copy button with the two-factor pages' texts. */
export function CopyButton({ text, label, copiedDescription }: TCopyButtonProps) {
  const { t } = useTranslation('security');
  return (
    <SharedCopyButton
      text={text}
      label={label}
      texts={{
        copied: t('clipboard.copied'),
        copiedDescription,
        failed: t('clipboard.copyFailed'),
        failedDescription: t('clipboard.copyFailedDescription'),
      }}
    />
  );
}
