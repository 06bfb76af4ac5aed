import type { TTwoFactorEnrolResponse } from '@faxline/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useEnrolTwoFactor } from '../api/enrol-two-factor';

import { BackupCodesPanel } from './backup-codes-panel';
import { PasswordCheckForm } from './password-check-form';
import { ScanStep } from './scan-step';
import type { TCloseGuard } from './two-factor-dialog';

type TStep = { name: 'password' } | { name: 'scan'; enrolment: TTwoFactorEnrolResponse } | { name: 'codes'; codes: string[] };

const STEP_NUMBER = { password: 1, scan: 2, codes: 3 } as const;

type TEnrolTwoFactorFlowProps = Partial<TCloseGuard> & {
  /** 2 on a page of its own, 3 in a dialog (whose title is the h2). */
  headingLevel: 2 | 3;
  /** The backup codes are saved: the flow is over. */
  onDone: () => void;
  /** Shows Cancel on the password step. */
  onCancel?: () => void;
};

/**
 * Setting up two-factor sign-in: the password, then the authenticator app (QR code or key) proved by a first
 * code, which switches it on, then the backup codes, shown once. Used in the settings dialog and on /two-factor-setup.
 */
export function EnrolTwoFactorFlow({ headingLevel, onDone, onCancel, closeAttempt, onCloseBlockedChange }: TEnrolTwoFactorFlowProps) {
  const { t } = useTranslation(['security', 'errors']);
  const enrol = useEnrolTwoFactor();
  const [step, setStep] = useState<TStep>({ name: 'password' });
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step.name);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // Each new step replaces the last one's controls: focus goes to its heading, which is read out with the step number.
  useEffect(() => {
    if (shownStep.current === step.name) return;
    shownStep.current = step.name;
    heading.current?.focus();
  }, [step.name]);

  const start = (password: string) =>
    enrol.mutate(
      { password },
      {
        onSuccess: (enrolment) => setStep({ name: 'scan', enrolment }),
        onError: (error) =>
          toast({
            title: t('enrol.failedTitle'),
            description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
            variant: 'destructive',
          }),
      },
    );

  const titles = { password: t('enrol.passwordTitle'), scan: t('enrol.scanTitle'), codes: t('backupCodes.title') };

  return (
    <div className="flex flex-col gap-4">
      <Heading ref={heading} tabIndex={-1} className="flex flex-col gap-1 text-lg font-semibold outline-hidden">
        <span className="text-sm font-medium text-muted-foreground">{t('enrol.stepOf', { step: STEP_NUMBER[step.name], total: 3 })}</span>
        <span>{titles[step.name]}</span>
      </Heading>
      {step.name === 'password' ? (
        <PasswordCheckForm
          intro={t('enrol.passwordDescription')}
          submitLabel={t('enrol.continue')}
          pendingLabel={t('enrol.checking')}
          pending={enrol.isPending}
          error={enrol.error}
          onSubmit={start}
          onCancel={onCancel}
        />
      ) : null}
      {step.name === 'scan' ? (
        <ScanStep enrolment={step.enrolment} onConfirmed={() => setStep({ name: 'codes', codes: step.enrolment.backupCodes })} />
      ) : null}
      {step.name === 'codes' ? (
        <BackupCodesPanel codes={step.codes} onDone={onDone} closeAttempt={closeAttempt} onCloseBlockedChange={onCloseBlockedChange} />
      ) : null}
    </div>
  );
}
