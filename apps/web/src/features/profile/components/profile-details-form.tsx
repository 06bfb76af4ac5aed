import type { TSessionUser } from '@faxline/shared';
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldDescription, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { NameField } from '@/components/ui/person-fields';
import { ApiError } from '@/lib/api-client';
import { initials } from '@/lib/auth/user-names';
import { browserTimeZone } from '@/lib/format-date';
import { useFormProblem } from '@/lib/form-problem';
import { timeZoneChoices, timeZoneLabel } from '@/lib/time-zones';
import { toast } from '@/lib/toast';

import { useUpdateProfile } from '../api/update-profile';
import { checkProfile, type TProfileField, type TProfileValues } from '../utils/profile-checks';

/**
 * Personal Details (spec 001 §2.4): Full Name, Email (read-only), Avatar URL (optional), and the time zone every date
 * and time is shown in (the browser's until the person picks one).
 */
export function ProfileDetailsForm({ user }: { user: TSessionUser }) {
  const { t } = useTranslation(['auth', 'errors']);
  const updateProfile = useUpdateProfile();
  const { report, fieldProps, clear } = useFormProblem<TProfileField>();
  const [values, setValues] = useState(() => valuesOf(user));
  const zones = useMemo(() => timeZoneChoices(user.timeZone), [user.timeZone]);
  const zoneId = useId();
  const saving = updateProfile.isPending;

  const change = (field: TProfileField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkProfile(values);
    if (!checked.ok) return report(checked.problem);
    try {
      const { session } = await updateProfile.mutateAsync(checked.request);
      if (session) setValues(valuesOf(session.user));
      toast({ title: t('profile.updatedTitle'), description: t('profile.updatedDescription') });
    } catch (error) {
      toast({
        title: t('profile.updateFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="profile-details-heading" className="flex flex-col gap-6 rounded-lg border p-6">
      <div className="flex items-center gap-4">
        {/* Initials only: pictures from other sites are blocked by the Content-Security-Policy (img-src 'self'). */}
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        >
          {initials(user.name, user.email)}
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="profile-details-heading" className="text-xl font-semibold">
            {t('profile.detailsTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('profile.detailsDescription')}</p>
        </div>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <NameField form={{ values, change, fieldProps, disabled: saving }} field="name" label={t('fields.fullName')} />
        <FormField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={user.email}
          readOnly
          description={t('profile.emailNote')}
        />
        <FormField
          label={
            <>
              {t('fields.avatarUrl')} <span className="font-normal text-muted-foreground">{t('fields.optional')}</span>
            </>
          }
          name="image"
          type="url"
          autoComplete="photo"
          inputMode="url"
          spellCheck={false}
          value={values.image}
          onChange={change('image')}
          disabled={saving}
          description={t('profile.avatarHint')}
          {...fieldProps('image')}
        />
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={zoneId}>{t('fields.timeZone')}</Label>
          <NativeSelect
            id={zoneId}
            name="timeZone"
            value={values.timeZone}
            onChange={change('timeZone')}
            disabled={saving}
            aria-describedby={`${zoneId}-description`}
            {...fieldProps('timeZone')}
          >
            <option value="">{t('profile.browserTimeZone', { zone: timeZoneLabel(browserTimeZone()) })}</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </NativeSelect>
          <FieldDescription id={`${zoneId}-description`}>{t('profile.timeZoneHint')}</FieldDescription>
        </div>
        <Button type="submit" className="self-start" disabled={saving}>
          {saving ? t('profile.saving') : t('profile.save')}
        </Button>
      </form>
    </section>
  );
}

/** The form's values from the session: '' for an empty avatar, and for a time zone left to the browser. */
const valuesOf = (user: TSessionUser): Required<TProfileValues> => ({
  name: user.name,
  image: user.image ?? '',
  timeZone: user.timeZone ?? '',
});
