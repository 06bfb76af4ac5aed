import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { EnrolTwoFactorDialog } from './enrol-two-factor-dialog';
import { NewBackupCodesDialog } from './new-backup-codes-dialog';

type TDialog = 'enrol' | 'disable' | 'backup-codes';

/**
 * Two-factor sign-in in the Advanced Security card of /user/settings (spec 001 §2.5): the status as the
 * session has it, and the way to set it up, or to turn it off and get new backup codes.
 */
export function TwoFactorManager() {
  const { t } = useTranslation('security');
  const { user } = useAuth();
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  if (!user) return null;

  const enabled = user.twoFactorEnabled;
  const close = () => setDialog(null);
  // Setting up or turning off changes the buttons: the one that opened the dialog may no longer be there.
  const returnFocus = () => actions.current?.querySelector('button')?.focus();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold">{t('manager.title')}</h3>
        <Badge variant={enabled ? 'success' : 'muted'}>{enabled ? t('manager.enabled') : t('manager.notEnabled')}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{enabled ? t('manager.enabledDescription') : t('manager.notEnabledDescription')}</p>
      <Link
        to={`${paths.securityPrivacy.getHref()}#2fa`}
        className="w-fit text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        {t('manager.learnMore')}
      </Link>
      <div ref={actions} className="flex flex-wrap gap-3">
        {enabled ? (
          <>
            <Button type="button" variant="outline" className="h-auto min-h-10 whitespace-normal" onClick={() => setDialog('backup-codes')}>
              {t('manager.newBackupCodes')}
            </Button>
            <Button type="button" variant="outline" className="h-auto min-h-10 whitespace-normal" onClick={() => setDialog('disable')}>
              {t('manager.disable')}
            </Button>
          </>
        ) : (
          <Button type="button" className="h-auto min-h-10 whitespace-normal" onClick={() => setDialog('enrol')}>
            {t('manager.setUp')}
          </Button>
        )}
      </div>
      {/* Mounted whatever the status: confirming the code turns it on while the dialog still shows the backup codes. */}
      <EnrolTwoFactorDialog open={dialog === 'enrol'} onClose={close} returnFocus={returnFocus} />
      <DisableTwoFactorDialog open={dialog === 'disable'} onClose={close} returnFocus={returnFocus} />
      <NewBackupCodesDialog open={dialog === 'backup-codes'} onClose={close} returnFocus={returnFocus} />
    </div>
  );
}
