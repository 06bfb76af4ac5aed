import { MAX_EMAIL_FAX_SENDERS, type TAllowedSender } from '@faxline/shared';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldProblem } from '@/components/ui/form-field';
import { AddressText } from '@/components/ui/address-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDateFormat } from '@/lib/use-date-format';

type TAllowedSendersFieldProps = {
  id: string;
  senders: readonly string[];
  /** The addresses as stored, each with where it stands (an address not in it is not saved yet). */
  stored: readonly TAllowedSender[];
  onResend: (address: string) => void;
  /** The address whose link is being sent again, if any. */
  resending: string | null;
  typed: string;
  onTyped: (typed: string) => void;
  onAdd: () => void;
  onRemove: (address: string) => void;
  disabled: boolean;
  /** The message to show under the input, if the problem concerns these addresses. */
  problem: string | null;
  inputRef: Ref<HTMLInputElement>;
};

const BADGE_OF = { active: 'success', pending: 'accent', expired: 'muted', unsaved: 'muted' } as const;

/**
 * The addresses outside the account that may send faxes by e-mail: an input to add one (or several, pasted), and the
 * list with each one's state (decision 064: only a confirmed address sends), a Remove button each, and a button that
 * sends a new confirmation link while one waits. Nothing is stored until the form is saved.
 */
export function AllowedSendersField({
  id,
  senders,
  stored,
  onResend,
  resending,
  typed,
  onTyped,
  onAdd,
  onRemove,
  disabled,
  problem,
  inputRef,
}: TAllowedSendersFieldProps) {
  const { t, i18n } = useTranslation('email-to-fax');
  const number = new Intl.NumberFormat(i18n.language);
  const dates = useDateFormat();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const legendId = `${id}-legend`;

  // Enter adds the address rather than saving the form, as a person typing into this field expects.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onAdd();
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={hintId}>
      <legend id={legendId} className="mb-1 font-semibold">
        {t('senders.legend')}
      </legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('senders.hint')}
      </p>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={inputId}>{t('senders.label')}</Label>
        <div className="flex min-w-0 gap-2">
          <Input
            id={inputId}
            ref={inputRef}
            // Text with the e-mail keyboard: a pasted list of addresses is taken too.
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            value={typed}
            onChange={(event) => onTyped(event.target.value)}
            onKeyDown={addOnEnter}
            placeholder={t('senders.placeholder')}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
          />
          <Button type="button" variant="outline" className="shrink-0" onClick={onAdd} disabled={disabled}>
            {t('senders.add')}
          </Button>
        </div>
        <FieldProblem id={problemId}>{problem}</FieldProblem>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('senders.count', { used: number.format(senders.length), max: number.format(MAX_EMAIL_FAX_SENDERS) })}
      </p>
      {senders.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('senders.empty')}</p>
      ) : (
        <ul aria-labelledby={legendId} className="flex flex-col divide-y rounded-lg border">
          {senders.map((address, index) => {
            const sender = stored.find((candidate) => candidate.address === address);
            const status = sender?.status ?? 'unsaved';
            const when = sender?.status === 'active' ? sender.confirmedAt : sender?.expiresAt;
            const detailId = `${id}-sender-${index}`;
            return (
              <li key={address} className="flex min-w-0 flex-col gap-2 py-3 pr-2 pl-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <AddressText truncate className="min-w-0 text-sm">
                      {address}
                    </AddressText>
                    <Badge variant={BADGE_OF[status]}>{t(`senderStatus.${status}`)}</Badge>
                  </div>
                  <p id={detailId} className="text-xs text-muted-foreground">
                    {t(`senderStatus.${status}Detail`, { date: when ? dates.dateTime(when) : '' })}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  {status === 'pending' || status === 'expired' ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => onResend(address)}
                      disabled={disabled || resending !== null}
                      aria-describedby={detailId}
                    >
                      {t('senderStatus.resend')}
                      <span className="sr-only"> {address}</span>
                    </Button>
                  ) : null}
                  <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(address)} disabled={disabled}>
                    {t('senders.remove')}
                    <span className="sr-only"> {address}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {senders.length >= MAX_EMAIL_FAX_SENDERS ? (
        <p role="note" className="rounded-md border border-dashed p-3 text-sm">
          {t('senders.full', { max: number.format(MAX_EMAIL_FAX_SENDERS) })}
        </p>
      ) : null}
    </fieldset>
  );
}
