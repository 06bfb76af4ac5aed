import { formatPhoneInternational, type TFaxState, type TInboxFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** What a row or card can do: claim the fax while nobody has it, and open its details. */
export type TInboxFaxActions = {
  onOpen: (fax: TInboxFax, trigger: HTMLButtonElement | null) => void;
  onClaim: (fax: TInboxFax) => void;
  /** The fax being claimed, whose button waits. */
  claimingId: string | null;
};

const STATE_BADGES = { new: 'default', in_progress: 'accent', done: 'success' } as const satisfies Record<TFaxState, string>;

/** Who sent it, as people read it: the sending machine's name when it gave one, over the number. */
export function useSenderOf() {
  const { t } = useTranslation('faxes');
  return (fax: TInboxFax) => {
    const number = fax.fromNumber ? formatPhoneInternational(fax.fromNumber) : t('history.unknownSender');
    return { name: fax.senderName, number, shown: fax.senderName ?? number };
  };
}

export function FaxStateBadge({ state }: { state: TFaxState }) {
  const { t } = useTranslation('faxes');
  return <Badge variant={STATE_BADGES[state]}>{t(`placement.states.${state}`)}</Badge>;
}

export function FaxLabels({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {labels.map((label) => (
        <li key={label}>
          <Badge variant="muted" translate="no">
            {label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The fax's class, in the words of its details. */
export function FaxClass({ fax }: { fax: TInboxFax }) {
  const { t } = useTranslation(['faxes', 'inboxes']);
  return fax.documentClass ? t(`faxes:details.documentClass.classes.${fax.documentClass}`) : t('inboxes:list.notRead');
}

/** Claim (while nobody has it) and Open, each naming the fax for a screen reader among many rows. */
export function InboxFaxButtons({ fax, onOpen, onClaim, claimingId }: TInboxFaxActions & { fax: TInboxFax }) {
  const { t } = useTranslation('inboxes');
  const sender = useSenderOf()(fax).shown;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {fax.placement.assignee === null ? (
        <Button type="button" size="sm" variant="outline" disabled={claimingId === fax.id} onClick={() => onClaim(fax)}>
          {claimingId === fax.id ? t('list.claiming') : t('list.claim')}
          <span className="sr-only"> {t('list.faxFrom', { sender })}</span>
        </Button>
      ) : null}
      <Button type="button" size="sm" data-open-fax={fax.id} onClick={(event) => onOpen(fax, event.currentTarget)}>
        {t('list.open')}
        <span className="sr-only"> {t('list.faxFrom', { sender })}</span>
      </Button>
    </div>
  );
}
