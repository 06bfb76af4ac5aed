import { PASSWORD_MIN_LENGTH, PASSWORD_POLICY_MAX_LENGTH, HIPAA_PASSWORD_MIN_LENGTH, roleMay, type TSecurityPolicy } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveSecurityPolicy, useSecurityPolicy } from '../api/security-policy';

/** The owner's form: the shortest password and two-factor sign-in for everyone (the server checks the range too). */
function PolicyForm({ policy }: { policy: TSecurityPolicy }) {
  const { t } = useTranslation(['sessions', 'errors', 'messages']);
  const save = useSaveSecurityPolicy();
  const [minLength, setMinLength] = useState(String(policy.passwordMinLength));
  const [requireTwoFactor, setRequireTwoFactor] = useState(policy.requireTwoFactor);
  const [problem, setProblem] = useState<string | null>(null);
  const switchId = useId();
  const problemId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const length = Number(minLength);
    if (!Number.isInteger(length) || length < PASSWORD_MIN_LENGTH || length > PASSWORD_POLICY_MAX_LENGTH) {
      setProblem(t('messages:validation.passwordPolicyLength'));
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync({ passwordMinLength: length, requireTwoFactor });
      toast({ title: t('policy.savedTitle'), description: t('policy.savedDescription') });
    } catch (error) {
      toast({
        title: t('policy.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField
        type="number"
        inputMode="numeric"
        min={PASSWORD_MIN_LENGTH}
        max={PASSWORD_POLICY_MAX_LENGTH}
        label={t('policy.minLength')}
        description={problem ?? t('policy.minLengthHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_POLICY_MAX_LENGTH })}
        value={minLength}
        onChange={(event) => setMinLength(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-errormessage={problem ? problemId : undefined}
        className="max-w-32"
      />
      <SettingSwitch
        id={switchId}
        label={t('policy.requireTwoFactor')}
        description={t('policy.requireTwoFactorHint')}
        checked={requireTwoFactor}
        onChange={setRequireTwoFactor}
      />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? t('policy.saving') : t('policy.save')}
      </Button>
    </form>
  );
}

/** The account's password and sign-in rules: what they are for everyone, and the owner's form to change them. */
export function SecurityPolicyCard() {
  const { t } = useTranslation('sessions');
  const policy = useSecurityPolicy();
  const account = useAccountSummary();
  const mayChange = account.data ? roleMay(account.data.role, 'manageSecurityPolicy') : false;

  const body = () => {
    if (policy.isPending) return <Loading>{t('checkingRole')}</Loading>;
    if (policy.isError)
      return (
        <LoadFailed
          title={t('devices.loadFailed')}
          error={policy.error}
          retryLabel={t('devices.retry')}
          onRetry={() => void policy.refetch()}
        />
      );
    const rules = policy.data;
    return (
      <>
        <ul className="list-disc pl-5 text-sm">
          <li>{t('policy.current', { count: rules.passwordMinLength })}</li>
          <li>{rules.requireTwoFactor ? t('policy.twoFactorOn') : t('policy.twoFactorOff')}</li>
        </ul>
        {rules.hipaaPlan ? <p className="text-sm text-muted-foreground">{t('policy.hipaa', { min: HIPAA_PASSWORD_MIN_LENGTH })}</p> : null}
        {mayChange ? (
          <PolicyForm key={`${rules.passwordMinLength}-${rules.requireTwoFactor}`} policy={rules} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('policy.readOnly')}</p>
        )}
      </>
    );
  };

  return (
    <section aria-labelledby="security-policy-heading" className="flex flex-col gap-4 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="security-policy-heading" className="text-xl font-semibold">
          {t('policy.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('policy.description', { platformMin: PASSWORD_MIN_LENGTH })}</p>
      </div>
      {body()}
    </section>
  );
}
