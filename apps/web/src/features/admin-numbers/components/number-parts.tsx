import type { TAdminNumber } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { AddressText } from '@/components/ui/address-text';
import { Button } from '@/components/ui/button';

import { canReturnToCarrier, carrierName } from '../utils/carrier-numbers';
import { isAvailable, ownerLabel } from '../utils/number-display';

import { CopyNumberButton } from './copy-number-button';

export type TNumberActions = {
  onEdit: (number: TAdminNumber) => void;
  onAssign: (number: TAdminNumber) => void;
  onRelease: (number: TAdminNumber) => void;
  /** Gives an available number ordered from a carrier back to it. */
  onReturn: (number: TAdminNumber) => void;
};

/** Who holds an assigned number: the owner's e-mail and name, else an ID fragment (spec 001 §8 'Warning'). */
export function OwnerText({ number }: { number: TAdminNumber }) {
  const { t } = useTranslation('admin-catalogue');
  const owner = ownerLabel(number);
  if (owner.kind === 'email')
    return (
      <span className="flex min-w-0 flex-col">
        <AddressText truncate>{owner.email}</AddressText>
        {owner.name ? <span className="text-xs text-muted-foreground">{owner.name}</span> : null}
      </span>
    );
  if (owner.kind === 'fragment')
    return (
      <span title={t('numbers.unknownOwnerTitle')} className="font-mono text-xs">
        {t('numbers.unknownOwner', { fragment: owner.fragment })}
      </span>
    );
  return <span className="text-muted-foreground">{t('numbers.noAccount')}</span>;
}

/**
 * Copy, Edit, and Assign or Release as the number's state allows, and Give Back for an available number from a
 * carrier; each button names the number it acts on.
 */
export function NumberRowActions({
  number,
  shown,
  onEdit,
  onAssign,
  onRelease,
  onReturn,
}: TNumberActions & { number: TAdminNumber; shown: string }) {
  const { t } = useTranslation('admin-catalogue');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <CopyNumberButton phoneNumber={number.phoneNumber} shown={shown} />
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={t('numbers.actions.editLabel', { number: shown })}
        onClick={() => onEdit(number)}
      >
        {t('numbers.actions.edit')}
      </Button>
      {isAvailable(number) ? (
        <Button type="button" size="sm" aria-label={t('numbers.actions.assignLabel', { number: shown })} onClick={() => onAssign(number)}>
          {t('numbers.actions.assign')}
        </Button>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="destructive"
          aria-label={t('numbers.actions.releaseLabel', { number: shown })}
          onClick={() => onRelease(number)}
        >
          {t('numbers.actions.release')}
        </Button>
      )}
      {canReturnToCarrier(number) ? (
        <Button
          type="button"
          size="sm"
          variant="destructive"
          aria-label={t('numbers.actions.giveBackLabel', { number: shown, carrier: carrierName(number.provider) })}
          onClick={() => onReturn(number)}
        >
          {t('numbers.actions.giveBack')}
        </Button>
      ) : null}
    </div>
  );
}
