import { MAX_PORTING_NUMBERS, type TPortingHolder } from '@faxline/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldDescription, FieldProblem, FormProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSubmitPortingRequest } from '../api/porting-requests';

type THolderField = keyof TPortingHolder;
/** A field the server may name in a refusal: `numbers`, `bill`, `holder.<field>`, `signature.name|date`, `authorised`. */
type TField = 'numbers' | 'bill' | `holder.${THolderField}` | 'signature.name' | 'signature.date' | 'authorised';

const HOLDER_FIELDS: Array<{ name: THolderField; autoComplete: string; optional?: true }> = [
  { name: 'name', autoComplete: 'organization' },
  { name: 'currentProvider', autoComplete: 'off' },
  { name: 'accountNumber', autoComplete: 'off' },
  { name: 'pin', autoComplete: 'off', optional: true },
  { name: 'street', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'region', autoComplete: 'address-level1', optional: true },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'country', autoComplete: 'country' },
];

/** Today in the signer's own calendar (not UTC's): the day they are signing on. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The form's field a server issue is about ("body.holder.name", "body.numbers.1" → holder.name, numbers). */
function fieldOfIssue(path: string): TField | null {
  const parts = path.replace(/^body\./, '').split('.');
  const [first, second] = parts;
  if (first === 'holder' || first === 'signature') return `${first}.${second}` as TField;
  if (first === 'numbers' || first === 'bill' || first === 'authorised') return first;
  return null;
}

/**
 * A porting request in three steps (spec 000 /porting-your-number): the numbers; the holder exactly as on the bill,
 * with the bill; the letter of authorisation signed by typing a name and the date and ticking "I authorise". The
 * server checks everything again and makes the letter's PDF.
 */
export function PortingForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('porting');
  const submit = useSubmitPortingRequest();
  const base = useId();
  const [numbers, setNumbers] = useState('');
  const [holder, setHolder] = useState<TPortingHolder>({
    name: '',
    currentProvider: '',
    accountNumber: '',
    pin: '',
    street: '',
    city: '',
    region: '',
    postalCode: '',
    country: '',
  });
  const [bill, setBill] = useState<File | null>(null);
  const [signature, setSignature] = useState({ name: '', date: localToday() });
  const [authorised, setAuthorised] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<TField, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const elements = useRef(new Map<TField, HTMLElement | null>());
  // The field to fix gets the focus once the form is enabled again (a disabled field cannot take it).
  const [focusOn, setFocusOn] = useState<TField | null>(null);
  useEffect(() => {
    if (!focusOn || submit.isPending) return;
    elements.current.get(focusOn)?.focus();
    setFocusOn(null);
  }, [focusOn, submit.isPending]);

  const idOf = (field: TField) => `${base}-${field.replace('.', '-')}`;
  const bind = (field: TField) => ({
    id: idOf(field),
    ref: (element: HTMLElement | null) => void elements.current.set(field, element),
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': [problems[field] ? `${idOf(field)}-problem` : null, `${idOf(field)}-hint`].filter(Boolean).join(' ') || undefined,
    disabled: submit.isPending,
  });
  const problemOf = (field: TField) => <FieldProblem id={`${idOf(field)}-problem`}>{problems[field]}</FieldProblem>;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormProblem(null);
    setProblems({});
    if (!bill) {
      setProblems({ bill: t('form.holder.bill') });
      setFocusOn('bill');
      return;
    }
    const list = numbers
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean);
    try {
      await submit.mutateAsync({ request: { numbers: list, holder, signature, authorised: authorised as true }, bill });
      toast({ title: t('form.sent') });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) return setFormProblem(t('form.failed'));
      const found: Partial<Record<TField, string>> = {};
      for (const issue of error.issues ?? []) {
        const field = fieldOfIssue(issue.path);
        if (field && !found[field]) found[field] = issue.message;
      }
      const first = Object.keys(found)[0] as TField | undefined;
      if (!first) return setFormProblem(error.message);
      setProblems(found);
      setFocusOn(first);
    }
  };

  const step = (number: number, legend: string, hint: ReactNode, children: ReactNode) => (
    <fieldset className="flex flex-col gap-4 rounded-lg border p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">
        <span className="block text-sm font-medium text-muted-foreground">{t('form.step', { number })}</span>
        {legend}
      </legend>
      {hint}
      {children}
    </fieldset>
  );

  return (
    <form noValidate onSubmit={(event) => void send(event)} className="flex flex-col gap-6" aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`} className="text-2xl font-semibold">
        {t('form.heading')}
      </h2>
      {step(
        1,
        t('form.numbers.legend'),
        null,
        <div className="flex flex-col gap-2">
          <Label htmlFor={idOf('numbers')}>{t('form.numbers.label')}</Label>
          <Textarea
            {...bind('numbers')}
            value={numbers}
            onChange={(event) => setNumbers(event.target.value)}
            rows={Math.min(MAX_PORTING_NUMBERS, 3)}
            className="min-h-20 font-mono"
            required
          />
          <FieldDescription id={`${idOf('numbers')}-hint`}>{t('form.numbers.hint')}</FieldDescription>
          {problemOf('numbers')}
        </div>,
      )}
      {step(
        2,
        t('form.holder.legend'),
        <p className="rounded-md border border-l-4 border-l-primary bg-accent p-3 text-sm text-accent-foreground">
          {t('form.holder.hint')}
        </p>,
        <div className="grid gap-4 sm:grid-cols-2">
          {HOLDER_FIELDS.map(({ name, autoComplete, optional }) => {
            const field = `holder.${name}` as const;
            return (
              <div key={name} className="flex flex-col gap-2">
                <Label htmlFor={idOf(field)}>{t(`form.holder.${name}`)}</Label>
                <Input
                  {...bind(field)}
                  value={holder[name]}
                  onChange={(event) => setHolder((current) => ({ ...current, [name]: event.target.value }))}
                  autoComplete={autoComplete}
                  required={!optional}
                  maxLength={name === 'country' ? 2 : 120}
                />
                {problemOf(field)}
              </div>
            );
          })}
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor={idOf('bill')}>{t('form.holder.bill')}</Label>
            <Input
              {...bind('bill')}
              type="file"
              accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
              onChange={(event) => setBill(event.target.files?.[0] ?? null)}
              required
            />
            {problemOf('bill')}
          </div>
        </div>,
      )}
      {step(
        3,
        t('form.sign.legend'),
        <p className="text-sm text-muted-foreground">{t('form.sign.text')}</p>,
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={idOf('signature.name')}>{t('form.sign.name')}</Label>
              <Input
                {...bind('signature.name')}
                value={signature.name}
                onChange={(event) => setSignature((current) => ({ ...current, name: event.target.value }))}
                autoComplete="name"
                required
                maxLength={120}
                className="font-serif text-lg italic"
              />
              {problemOf('signature.name')}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={idOf('signature.date')}>{t('form.sign.date')}</Label>
              <Input
                {...bind('signature.date')}
                type="date"
                value={signature.date}
                onChange={(event) => setSignature((current) => ({ ...current, date: event.target.value }))}
                required
              />
              {problemOf('signature.date')}
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex items-start gap-3">
              <input
                {...bind('authorised')}
                type="checkbox"
                checked={authorised}
                onChange={(event) => setAuthorised(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <Label htmlFor={idOf('authorised')}>{t('form.sign.authorise')}</Label>
            </div>
            {problemOf('authorised')}
          </div>
        </>,
      )}
      <FormProblem>{formProblem}</FormProblem>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? t('form.sending') : t('form.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={submit.isPending}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
