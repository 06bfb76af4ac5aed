import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type TConfirmEmailNoteProps = {
  email: string;
  /** The 'Resend confirmation e-mail' button (from the auth feature). */
  resendButton: ReactNode;
};

/** Shown on the send page while the person's address is unconfirmed: the server refuses to send until it is. */
export function ConfirmEmailNote({ email, resendButton }: TConfirmEmailNoteProps) {
  const { t } = useTranslation('faxes');
  return (
    <aside
      aria-labelledby="confirm-email-note-title"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="confirm-email-note-title" className="font-semibold">
        {t('send.confirmEmailTitle')}
      </h2>
      <p>{t('send.confirmEmailNote', { email })}</p>
      {resendButton}
    </aside>
  );
}
