import type { TFax } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import { useFaxActions } from '../hooks/use-fax-actions';
import { canCancel, canDelete, canDownload, canResend } from '../utils/fax-status';

import { DeleteFaxDialog } from './delete-fax-dialog';
import { MoreIcon } from './fax-icons';

const itemClass =
  'flex cursor-pointer items-center rounded-sm px-3 py-2 text-sm outline-hidden select-none data-disabled:cursor-not-allowed data-disabled:opacity-50 data-highlighted:bg-accent data-highlighted:text-accent-foreground';

type TFaxRowMenuProps = {
  fax: TFax;
  /** Names the menu button: "Actions for the fax of <date> with <number>". */
  label: string;
  /** The menu's button is handed over, for focus to come back to it when a dialog closes. */
  onViewDetails: (fax: TFax, trigger: HTMLButtonElement | null) => void;
  onCancel: (fax: TFax, trigger: HTMLButtonElement | null) => void;
};

/**
 * A row's menu: the spec's Download and View Details (spec 001 §2.7), and what a person does with a fax:
 * the fax image, Resend once a sent fax has ended, Cancel while it waits, and Delete, after a confirmation.
 */
export function FaxRowMenu({ fax, label, onViewDetails, onCancel }: TFaxRowMenuProps) {
  const { t } = useTranslation('faxes');
  const trigger = useRef<HTMLButtonElement>(null);
  const actions = useFaxActions();
  const [deleting, setDeleting] = useState(false);
  const sent = fax.direction === 'outbound';

  return (
    <>
      {/* Not modal, like the account menu: the page stays in the accessibility tree and Tab leaves the menu. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" className="size-9" aria-label={label}>
            <MoreIcon className="size-5" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            collisionPadding={8}
            className="z-40 min-w-[11rem] rounded-md border bg-background p-1 text-foreground shadow-lg"
          >
            <DropdownMenu.Item className={itemClass} disabled={!canDownload(fax)} onSelect={() => void actions.download(fax, 'document')}>
              {t('history.download')}
            </DropdownMenu.Item>
            {sent ? (
              <DropdownMenu.Item className={itemClass} disabled={!canDownload(fax)} onSelect={() => void actions.download(fax, 'image')}>
                {t('history.downloadImage')}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className={itemClass} onSelect={() => onViewDetails(fax, trigger.current)}>
              {t('history.viewDetails')}
            </DropdownMenu.Item>
            {canResend(fax) ? (
              <DropdownMenu.Item className={itemClass} disabled={actions.resending} onSelect={() => void actions.resend(fax)}>
                {t('history.resend')}
              </DropdownMenu.Item>
            ) : null}
            {canCancel(fax) || canDelete(fax) ? <DropdownMenu.Separator className="my-1 h-px bg-border" /> : null}
            {canCancel(fax) ? (
              <DropdownMenu.Item className={`${itemClass} text-destructive`} onSelect={() => onCancel(fax, trigger.current)}>
                {t('history.cancel')}
              </DropdownMenu.Item>
            ) : null}
            {canDelete(fax) ? (
              <DropdownMenu.Item className={`${itemClass} text-destructive`} onSelect={() => setDeleting(true)}>
                {t('history.delete')}
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {deleting ? <DeleteFaxDialog fax={fax} returnFocusTo={trigger.current} onClose={() => setDeleting(false)} /> : null}
    </>
  );
}
