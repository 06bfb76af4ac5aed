import { ZSignInLinkRequest } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRequestSignInLink } from '../api/request-sign-in-link';

type TSignInLinkOfferProps = {
  /** What the person typed as e-mail address or username: the link goes to that person's confirmed address. */
  identifier: string;
  /** Nothing typed yet: the form points at the field. */
  onMissingIdentifier: () => void;
};

/**
 * "E-mail me a sign-in link" (decision 069): a one-time link that works in this browser only. Always offered, as the
 * password reset is; it is the way in where strangers' wrong passwords have stopped new browsers' passwords. The
 * answer says the same whether or not anyone has that address.
 */
export function SignInLinkOffer({ identifier, onMissingIdentifier }: TSignInLinkOfferProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const requestLink = useRequestSignInLink();
  const [sentFor, setSentFor] = useState<string | null>(null);

  const send = async () => {
    const parsed = ZSignInLinkRequest.safeParse({ identifier });
    if (!parsed.success) return onMissingIdentifier();
    try {
      await requestLink.mutateAsync(parsed.data);
      setSentFor(parsed.data.identifier);
    } catch (error) {
      toast({
        title: t('signInLink.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <Button type="button" variant="outline" onClick={() => void send()} disabled={requestLink.isPending}>
        {requestLink.isPending ? t('signInLink.sending') : t('signInLink.offer')}
      </Button>
      {sentFor ? (
        <p role="status" className="rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground">
          {t('signInLink.sent', { identifier: sentFor })}
        </p>
      ) : null}
    </div>
  );
}
