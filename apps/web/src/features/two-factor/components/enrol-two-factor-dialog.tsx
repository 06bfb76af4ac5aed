import { useTranslation } from 'react-i18next';

import { EnrolTwoFactorFlow } from './enrol-two-factor-flow';
import { TwoFactorDialog } from './two-factor-dialog';

type TEnrolTwoFactorDialogProps = { open: boolean; onClose: () => void; returnFocus: () => void };

/** The set-up flow in a dialog, from the Advanced Security card. It opens afresh each time (a new secret). */
export function EnrolTwoFactorDialog({ open, onClose, returnFocus }: TEnrolTwoFactorDialogProps) {
  const { t } = useTranslation('security');
  return (
    <TwoFactorDialog open={open} onClose={onClose} returnFocus={returnFocus} title={t('enrol.title')} description={t('enrol.description')}>
      {(guard) => <EnrolTwoFactorFlow headingLevel={3} onDone={onClose} onCancel={onClose} {...guard} />}
    </TwoFactorDialog>
  );
}
