import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useDateFormat } from '@/lib/use-date-format';

import { BACKUP_CODES_FILE_NAME, backupCodesFileContent } from '../utils/backup-codes-file';
import { saveTextFile } from '../utils/save-file';

import { CopyButton } from './copy-button';
import { FieldError } from './field-error';
import type { TCloseGuard } from './two-factor-dialog';

type TBackupCodesPanelProps = Partial<TCloseGuard> & {
  codes: readonly string[];
  onDone: () => void;
};

/**
 * The backup codes, shown once: copy, download as .txt, and a checkbox to say they are kept somewhere before leaving
 * (the Done button and, in a dialog, every way of closing it ask for the checkbox first).
 */
export function BackupCodesPanel({ codes, onDone, closeAttempt = 0, onCloseBlockedChange }: TBackupCodesPanelProps) {
  const { t } = useTranslation('security');
  const dates = useDateFormat();
  const { user } = useAuth();
  const [saved, setSaved] = useState(false);
  const [reminded, setReminded] = useState(false);
  const checkbox = useRef<HTMLInputElement>(null);
  const checkboxId = useId();
  const errorId = useId();
  // Attempts made before this panel was shown (an earlier opening of the dialog) are not about these codes.
  const attemptsBefore = useRef(closeAttempt);

  useEffect(() => {
    onCloseBlockedChange?.(!saved);
  }, [saved, onCloseBlockedChange]);
  useEffect(() => () => onCloseBlockedChange?.(false), [onCloseBlockedChange]);

  const remind = () => {
    setReminded(true);
    checkbox.current?.focus();
  };
  useEffect(() => {
    if (closeAttempt <= attemptsBefore.current) return;
    setReminded(true);
    checkbox.current?.focus();
  }, [closeAttempt]);

  const download = () => {
    const created = dates.format(new Date(), { dateStyle: 'long', timeStyle: 'short' });
    const content = backupCodesFileContent(codes, {
      title: t('backupCodes.fileTitle', { account: user?.email ?? '' }),
      created: t('backupCodes.fileCreated', { date: created }),
      usage: t('backupCodes.fileUsage'),
    });
    saveTextFile(BACKUP_CODES_FILE_NAME, content);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">{t('backupCodes.description')}</p>
      <ol
        aria-label={t('backupCodes.listLabel')}
        translate="no"
        className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-md border bg-muted p-4 font-mono text-base tracking-wide min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label={t('backupCodes.copy')} copiedDescription={t('clipboard.codesCopied')} />
        <Button type="button" variant="outline" size="sm" onClick={download}>
          {t('backupCodes.download')}
        </Button>
      </div>
      <div className="flex flex-col gap-2 border-t pt-4">
        <div className="flex items-center gap-3">
          <input
            ref={checkbox}
            id={checkboxId}
            type="checkbox"
            checked={saved}
            onChange={(event) => {
              setSaved(event.target.checked);
              setReminded(false);
            }}
            aria-describedby={reminded ? errorId : undefined}
            className="size-5 shrink-0 accent-primary"
          />
          <label htmlFor={checkboxId} className="text-sm font-medium">
            {t('backupCodes.saved')}
          </label>
        </div>
        <FieldError id={errorId}>{reminded ? t('backupCodes.mustConfirm') : null}</FieldError>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={() => (saved ? onDone() : remind())}>
          {t('backupCodes.done')}
        </Button>
      </div>
    </div>
  );
}
