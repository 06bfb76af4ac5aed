import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { ResendConfirmationButton } from '@/features/auth/components/resend-confirmation-button';
import { ContactRecipientInput } from '@/features/address-book/components/contact-recipient-input';
import { ConfirmEmailNote } from '@/features/faxes/components/confirm-email-note';
import { SandboxNote } from '@/features/faxes/components/sandbox-note';
import { SendFaxForm, type TRecipientInputRenderer } from '@/features/faxes/components/send-fax-form';
import type { TAttachSourceRenderer } from '@/features/faxes/components/attachment-picker';
import { ScanButton } from '@/features/scan/components/scan-button';
import { useSharedFiles } from '@/features/installed-app/hooks/use-shared-files';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchState } from '@/lib/use-search-state';

// The recipient field suggests the address book's contacts (the two features meet here, not in each other).
const recipientWithSuggestions: TRecipientInputRenderer = (props) => <ContactRecipientInput {...props} />;
// Scan to fax attaches its PDF through the picker (the two features meet here too).
const scanWithCamera: TAttachSourceRenderer = ({ attach, disabled }) => (
  <ScanButton onScanned={(file) => attach([file])} disabled={disabled} />
);

/**
 * /user/send-fax (spec 001 §2.6): the send form (`?to=&name=&station=` fills the recipient and its expected station id, as the Contacts page links it), with the note that the sandbox line is in use, and while the address is
 * unconfirmed, the way to confirm it (sending waits for that).
 */
export default function SendFaxRoute() {
  const { t } = useTranslation('faxes');
  const { user } = useAuth();
  const [search] = useSearchState();
  // Files shared to the installed app from another app (decision 132).
  const shared = useSharedFiles();
  useDocumentTitle(t('send.title'));

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('send.title')}</h1>
        <p className="text-muted-foreground">{t('send.intro')}</p>
        <p className="text-sm">
          <Link to={paths.user.newBroadcast.getHref()} className="font-medium underline underline-offset-4">
            {t('send.broadcastLink')}
          </Link>
        </p>
      </div>
      {user && !user.emailVerified ? (
        <ConfirmEmailNote email={user.email} resendButton={<ResendConfirmationButton email={user.email} />} />
      ) : null}
      {shared.lost ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
          {t('send.sharedLost')}
        </p>
      ) : null}
      <SandboxNote />
      <SendFaxForm
        initialRecipient={{
          number: search.get('to') ?? undefined,
          name: search.get('name') ?? undefined,
          stationId: search.get('station') ?? undefined,
        }}
        renderRecipientInput={recipientWithSuggestions}
        renderAttachSource={scanWithCamera}
        arrivingFiles={shared.files}
      />
    </section>
  );
}
