import type { TFax } from '@faxline/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { downloadFax } from '../api/download-fax';
import { canCancel, canDownload } from '../utils/fax-status';

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

/** A row's menu (spec 001 §2.7): Download and View Details, and Cancel Fax while a sent fax has not started. */
export function FaxRowMenu({ fax, label, onViewDetails, onCancel }: TFaxRowMenuProps) {
  const { t } = useTranslation(['faxes', 'errors']);
  const trigger = useRef<HTMLButtonElement>(null);

  const download = async () => {
    try {
      await downloadFax(fax.id);
    } catch (error) {
      toast({
        title: t('history.downloadFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    // Not modal, like the account menu: the page stays in the accessibility tree and Tab leaves the menu.
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
          <DropdownMenu.Item className={itemClass} disabled={!canDownload(fax)} onSelect={() => void download()}>
            {t('history.download')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => onViewDetails(fax, trigger.current)}>
            {t('history.viewDetails')}
          </DropdownMenu.Item>
          {canCancel(fax) ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Item className={`${itemClass} text-destructive`} onSelect={() => onCancel(fax, trigger.current)}>
                {t('history.cancel')}
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
