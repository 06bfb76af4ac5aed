import type { TSessionUser } from '@faxline/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NameField } from '@/components/ui/person-fields';
import { ApiError } from '@/lib/api-client';
import { initials } from '@/lib/auth/user-names';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';

import { useUpdateProfile } from '../api/update-profile';
import { checkProfile, type TProfileField } from '../utils/profile-checks';

/** Personal Details (spec 001 §2.4): Full Name, Email (read-only), Avatar URL (optional). */
export function ProfileDetailsForm({ user }: { user: TSessionUser }) {
  const { t } = useTranslation(['auth', 'errors']);
  const updateProfile = useUpdateProfile();
  const { report, fieldProps, clear } = useFormProblem<TProfileField>();
  const [values, setValues] = useState({ name: user.name, image: user.image ?? '' });
  const saving = updateProfile.isPending;

  const change = (field: TProfileField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkProfile(values);
    if (!checked.ok) return report(checked.problem);
    try {
      const { session } = await updateProfile.mutateAsync(checked.request);
      if (session) setValues({ name: session.user.name, image: session.user.image ?? '' });
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
        <Button type="submit" className="self-start" disabled={saving}>
          {saving ? t('profile.saving') : t('profile.save')}
        </Button>
      </form>
    </section>
  );
}
