import { ZTwoFactorConfirmRequest, type TTwoFactorEnrolResponse } from '@faxline/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { normaliseOneTimeCode } from '@/lib/auth/one-time-code';
import { toast } from '@/lib/toast';

import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { groupSetupKey } from '../utils/setup-key';

import { CopyButton } from './copy-button';
import { FieldError } from './field-error';

type TScanStepProps = { enrolment: TTwoFactorEnrolResponse; onConfirmed: () => void };

/** Adds Faxline to the authenticator app (QR code, or the key typed by hand), then proves it with a first code. */
export function ScanStep({ enrolment, onConfirmed }: TScanStepProps) {
  const { t } = useTranslation(['security', 'errors']);
  return (
    <div className="@container flex flex-col gap-6">
      <p className="text-sm">{t('enrol.scanDescription')}</p>
      {/* Side by side where the dialog or page is wide enough, whatever the window. */}
      <div className="flex flex-col items-center gap-6 @lg:flex-row @lg:items-start">
        {/* Dark on white whatever the theme: scanners need the contrast, and the quiet zone around it. */}
        <div className="shrink-0 rounded-md border bg-white p-2">
          <QRCodeSVG
            value={enrolment.totpUri}
            size={168}
            marginSize={2}
            role="img"
            aria-label={t('enrol.qrLabel')}
            title={t('enrol.qrLabel')}
          />
        </div>
        <SetupKey value={enrolment.key} />
      </div>
      {/* A phone cannot scan its own screen; where the layout is a phone's, the app can be opened with the key instead. */}
      <a
        href={enrolment.totpUri}
        className="w-fit text-sm font-medium text-primary underline underline-offset-4 hover:no-underline @lg:hidden"
      >
        {t('enrol.openInApp')}
      </a>
      <ConfirmCodeForm onConfirmed={onConfirmed} />
    </div>
  );
}

function SetupKey({ value }: { value: string }) {
  const { t } = useTranslation('security');
  const labelId = useId();
  return (
    <div className="flex w-full min-w-0 flex-col gap-3">
      <p id={labelId} className="text-sm text-muted-foreground">
        {t('enrol.keyIntro')}
      </p>
      {/* A group named by the sentence above, so the key is found (and read) as the setup key. */}
      <div
        role="group"
        aria-labelledby={labelId}
        translate="no"
        className="flex flex-wrap gap-x-2 gap-y-1 rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider"
      >
        {groupSetupKey(value).map((group, index) => (
          // Groups can repeat; their position is what identifies them.
          <span key={index}>{group}</span>
        ))}
      </div>
      <div>
        <CopyButton text={value} label={t('enrol.copyKey')} copiedDescription={t('clipboard.keyCopied')} />
      </div>
    </div>
  );
}

function ConfirmCodeForm({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation(['security', 'errors']);
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const refusal = confirm.error instanceof ApiError ? confirm.error.message : confirm.error ? t('errors:api.unknown') : null;
  const message = invalid ? t('enrol.invalidCode') : refusal;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZTwoFactorConfirmRequest.safeParse({ code: normaliseOneTimeCode(code) });
    if (!parsed.success) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    confirm.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('enrol.enabledTitle'), description: t('enrol.enabledDescription') });
        onConfirmed();
      },
      onError: (error) => {
        // The app shows a new code every 30 seconds; the field is emptied for it.
        setCode('');
        input.current?.focus();
        toast({
          title: t('enrol.failedTitle'),
          description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 border-t pt-4">
      <div className="flex flex-col gap-2">
        <FormField
          ref={input}
          label={t('enrol.codeLabel')}
          description={t('enrol.codeHint')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          className="max-w-48 font-mono tracking-widest"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setInvalid(false);
            confirm.reset();
          }}
          disabled={confirm.isPending}
          aria-invalid={message ? true : undefined}
          aria-errormessage={message ? errorId : undefined}
        />
        <FieldError id={errorId}>{message}</FieldError>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? t('enrol.verifying') : t('enrol.verify')}
        </Button>
      </div>
    </form>
  );
}
