import { COUNTRY_CODE_LENGTH, NUMBER_PROVIDER_MAX_LENGTH, type TAdminNumber, type TNumberType } from '@faxline/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useEditNumber } from '../api/edit-number';
import { checkEditNumber, type TEditNumberField, type TEditNumberProblem } from '../utils/edit-number-checks';
import { displayNumber, isNumberType } from '../utils/number-display';

import { NumberTypeField } from './number-type-field';

type TEditNumberDialogProps = { number: TAdminNumber; onClose: () => void };

/** The server's own messages: it checks the same things. */
const PROBLEM_TEXT = {
  invalidProvider: 'messages:validation.numberProvider',
  invalidCountry: 'messages:validation.countryCode',
} as const satisfies Record<TEditNumberProblem, string>;

/** Edits a number's type, provider and country; the number itself is its identity and stays. */
export function EditNumberDialog({ number, onClose }: TEditNumberDialogProps) {
  const { t } = useTranslation(['admin-catalogue', 'messages']);
  const edit = useEditNumber();
  const [numberType, setNumberType] = useState<TNumberType>(isNumberType(number.numberType) ? number.numberType : 'local');
  const [provider, setProvider] = useState(number.provider);
  const [countryCode, setCountryCode] = useState(number.countryCode ?? '');
  const [invalid, setInvalid] = useState<TEditNumberField | null>(null);
  const inputs = useRef(new Map<TEditNumberField, HTMLInputElement | null>());
  const shown = displayNumber(number.phoneNumber);
  const saving = edit.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkEditNumber({ numberType, provider, countryCode });
    if (!checked.ok) {
      setInvalid(checked.field);
      inputs.current.get(checked.field)?.focus();
      toast({ title: t('common.validationError'), description: t(PROBLEM_TEXT[checked.problem]), variant: 'destructive' });
      return;
    }
    setInvalid(null);
    try {
      await edit.mutateAsync({ id: number.id, changes: checked.changes });
      toast({ title: t('numbers.toasts.editedTitle'), description: t('numbers.toasts.editedDescription', { number: shown }) });
      onClose();
    } catch (error) {
      toast({
        title: t('numbers.toasts.editFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  const fieldProps = (field: TEditNumberField) => ({
    ref: (element: HTMLInputElement | null) => void inputs.current.set(field, element),
    'aria-invalid': invalid === field ? true : undefined,
    disabled: saving,
  });

  return (
    <Dialog open onOpenChange={(open) => (open || saving ? null : onClose())}>
      <DialogContent closeLabel={t('common.close')} className="max-w-lg">
        <DialogTitle>{t('numbers.editDialog.title', { number: shown })}</DialogTitle>
        <DialogDescription>{t('numbers.editDialog.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <NumberTypeField value={numberType} onChange={setNumberType} disabled={saving} />
          <FormField
            label={t('numbers.addDialog.provider')}
            value={provider}
            onChange={(event) => setProvider(event.target.value)}
            autoComplete="off"
            maxLength={NUMBER_PROVIDER_MAX_LENGTH}
            {...fieldProps('provider')}
          />
          <FormField
            label={t('numbers.addDialog.country')}
            description={t('numbers.editDialog.countryHint')}
            value={countryCode}
            onChange={(event) => setCountryCode(event.target.value)}
            autoComplete="off"
            maxLength={COUNTRY_CODE_LENGTH}
            className="uppercase"
            {...fieldProps('countryCode')}
          />
          <DialogFormButtons
            busy={saving}
            cancelLabel={t('common.cancel')}
            submitLabel={saving ? t('numbers.editDialog.saving') : t('numbers.editDialog.save')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
