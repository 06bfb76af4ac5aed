import { CONTACT_DEPARTMENTS, ZContactRequest } from '@faxline/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { maxLengthOf } from '@/lib/validation';

import { useSendContactMessage } from '../api/send-contact-message';
import { checkContact, type TContactField, type TContactValues } from '../utils/contact-checks';

const empty: TContactValues = { name: '', email: '', subject: '', department: '', message: '' };
type TFieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The contact form (spec 000 §2, §5, §8): every field required; the message becomes a support ticket on the server. */
export function ContactForm() {
  const { t } = useTranslation(['marketing', 'errors', 'messages']);
  const send = useSendContactMessage();
  const [values, setValues] = useState(empty);
  const [invalidField, setInvalidField] = useState<TContactField | null>(null);
  const elements = useRef(new Map<TContactField, TFieldElement | null>());
  const loading = send.isPending;

  const fieldProps = (field: TContactField) => ({
    name: field,
    required: true,
    value: values[field],
    disabled: loading,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (field === invalidField) setInvalidField(null);
    },
    ref: (element: TFieldElement | null) => void elements.current.set(field, element),
    'aria-invalid': invalidField === field || undefined,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkContact(values);
    if (!checked.ok) {
      setInvalidField(checked.field);
      elements.current.get(checked.field)?.focus();
      toast(
        checked.reason === 'incomplete'
          ? { title: t('contact.incompleteTitle'), description: t('contact.incompleteDescription'), variant: 'destructive' }
          : {
              title: t('contact.invalidTitle'),
              // The address is checked as the server checks it, so it gets the server's text.
              description: checked.field === 'email' ? t('messages:validation.email') : t(`contact.invalid.${checked.field}`),
              variant: 'destructive',
            },
      );
      return;
    }
    try {
      await send.mutateAsync(checked.request);
      toast({ title: t('contact.sentTitle'), description: t('contact.sentDescription') });
      setValues(empty);
    } catch (error) {
      toast({
        title: t('contact.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-describedby="contact-form-note">
      <p id="contact-form-note" className="text-sm text-muted-foreground">
        {t('contact.form.allRequired')}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('contact.form.name')} autoComplete="name" {...fieldProps('name')} />
        <FormField label={t('contact.form.email')} type="email" autoComplete="email" spellCheck={false} {...fieldProps('email')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('contact.form.subject')} {...fieldProps('subject')} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="contact-department">{t('contact.form.department')}</Label>
          <NativeSelect id="contact-department" {...fieldProps('department')}>
            <option value="">{t('contact.form.chooseDepartment')}</option>
            {CONTACT_DEPARTMENTS.map((department) => (
              <option key={department} value={department}>
                {t(`contact.departments.${department}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-message">{t('contact.form.message')}</Label>
        <Textarea id="contact-message" rows={7} maxLength={maxLengthOf(ZContactRequest.shape.message)} {...fieldProps('message')} />
      </div>
      <Button type="submit" size="lg" className="self-start" disabled={loading}>
        {loading ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}
