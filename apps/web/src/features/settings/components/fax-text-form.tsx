import { type TFaxTextSettings } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveFaxTextSettings } from '../api/save-fax-text-settings';

/**
 * Whether Faxline reads the words of the account's faxes, saved with its button like the fax e-mail settings. A
 * boolean leaves nothing to fix in the form: any refusal (its message already translated) is said in a toast.
 */
export function FaxTextForm({ settings }: { settings: TFaxTextSettings }) {
  const { t } = useTranslation(['settings', 'errors']);
  const save = useSaveFaxTextSettings();
  const [readsFaxText, setReadsFaxText] = useState(settings.readsFaxText);
  const [reviewBelow, setReviewBelow] = useState(String(settings.reviewBelowPercent));
  const id = useId();
  const saving = save.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const saved = await save.mutateAsync({ readsFaxText, reviewBelowPercent: Number(reviewBelow) });
      setReadsFaxText(saved.readsFaxText);
      setReviewBelow(String(saved.reviewBelowPercent));
      toast({ title: t('faxText.save.savedTitle'), description: t('faxText.save.savedDescription') });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('faxText.save.failedTitle'), description, variant: 'destructive' });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-6" aria-busy={saving}>
      <SettingSwitch
        id={`${id}-reads`}
        label={t('faxText.reads.label')}
        description={t('faxText.reads.description')}
        checked={readsFaxText}
        onChange={setReadsFaxText}
        disabled={saving}
      />
      <FormField
        label={t('faxText.reviewBelow.label')}
        description={t('faxText.reviewBelow.description')}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={5}
        className="w-28"
        value={reviewBelow}
        onChange={(event) => setReviewBelow(event.target.value)}
        disabled={saving}
      />
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? t('faxText.save.saving') : t('faxText.save.button')}
      </Button>
    </form>
  );
}
