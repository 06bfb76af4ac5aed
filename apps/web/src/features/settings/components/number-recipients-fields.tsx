import { useTranslation } from 'react-i18next';

import { PerNumberFields } from '@/components/ui/per-number-fields';

import type { TFaxEmailField, TFaxEmailValues } from '../utils/fax-email-checks';

type TNumberRecipientsFieldsProps = {
  id: string;
  numbers: TFaxEmailValues['numbers'];
  max: number;
  onChange: (index: number, recipients: string) => void;
  disabled: boolean;
  /** The problem to show, if it concerns one of these fields. */
  problem: { field: TFaxEmailField | null; message: string } | null;
  inputRef: (field: TFaxEmailField) => (element: HTMLInputElement | null) => void;
};

/** One row per number of the account: the number, and the extra addresses its received faxes are e-mailed to. */
export function NumberRecipientsFields({ numbers, max, ...props }: TNumberRecipientsFieldsProps) {
  const { t } = useTranslation('settings');
  return (
    <PerNumberFields
      {...props}
      numbers={numbers.map((number) => ({ phoneNumber: number.phoneNumber, value: number.recipients }))}
      legend={t('faxEmail.recipients.title')}
      rules={t('faxEmail.recipients.rules', { max })}
      none={t('faxEmail.recipients.none')}
      label={t('faxEmail.recipients.label')}
      labelFor={(number) => t('faxEmail.recipients.labelFor', { number })}
      fieldOf={(index): TFaxEmailField => `recipients.${index}`}
      inputIdPart="number"
      // Text with the e-mail keyboard rather than type="email" multiple, whose value the browser rewrites (spaces
      // after commas dropped) under a controlled input.
      inputProps={() => ({ type: 'text', inputMode: 'email', placeholder: t('faxEmail.recipients.placeholder') })}
    />
  );
}
