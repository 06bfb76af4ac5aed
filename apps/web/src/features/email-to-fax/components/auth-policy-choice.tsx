import { EMAIL_AUTH_POLICIES, type TEmailAuthPolicy } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

type TAuthPolicyChoiceProps = { id: string; value: TEmailAuthPolicy; onChange: (value: TEmailAuthPolicy) => void; disabled: boolean };

/** How strictly a sender's domain is checked (SPF, DKIM, DMARC): three radio buttons, each with what it does. */
export function AuthPolicyChoice({ id, value, onChange, disabled }: TAuthPolicyChoiceProps) {
  const { t } = useTranslation('email-to-fax');
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 font-semibold">{t('policy.legend')}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('policy.hint')}
      </p>
      <div className="grid gap-3 md:grid-cols-3">
        {EMAIL_AUTH_POLICIES.map((policy) => {
          const inputId = `${id}-${policy}`;
          return (
            <div key={policy} className="flex items-start gap-3 rounded-md border p-3 has-checked:border-primary has-checked:bg-accent">
              <input
                id={inputId}
                type="radio"
                name="authPolicy"
                value={policy}
                checked={value === policy}
                onChange={() => onChange(policy)}
                disabled={disabled}
                aria-describedby={`${inputId}-description`}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={inputId} className="text-sm leading-tight font-semibold">
                  {t(`policy.${policy}.label`)}
                </label>
                <p id={`${inputId}-description`} className="text-sm text-muted-foreground">
                  {t(`policy.${policy}.description`)}
                </p>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
