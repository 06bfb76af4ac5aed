import { useTranslation } from 'react-i18next';

import { ResendConfirmationButton } from '@/features/auth/components/resend-confirmation-button';
import { ConfirmEmailNote } from '@/features/faxes/components/confirm-email-note';
import { SandboxNote } from '@/features/faxes/components/sandbox-note';
import { SendFaxForm } from '@/features/faxes/components/send-fax-form';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /user/send-fax (spec 001 §2.6): the send form, with the note that the sandbox line is in use, and while the address is
 * unconfirmed, the way to confirm it (sending waits for that).
 */
export default function SendFaxRoute() {
  const { t } = useTranslation('faxes');
  const { user } = useAuth();
  useDocumentTitle(t('send.title'));

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('send.title')}</h1>
        <p className="text-muted-foreground">{t('send.intro')}</p>
      </div>
      {user && !user.emailVerified ? (
        <ConfirmEmailNote email={user.email} resendButton={<ResendConfirmationButton email={user.email} />} />
      ) : null}
      <SandboxNote />
      <SendFaxForm />
    </section>
  );
}
