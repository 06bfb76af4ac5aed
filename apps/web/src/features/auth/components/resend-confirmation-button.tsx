import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useResendConfirmation } from '../api/resend-confirmation';

/** 'Resend confirmation e-mail': a new confirmation link for `email` (sign-in refusal, sign-up, dashboard). */
export function ResendConfirmationButton({ email }: { email: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const resend = useResendConfirmation();

  const send = async () => {
    try {
      await resend.mutateAsync({ email });
      toast({ title: t('resend.sentTitle'), description: t('resend.sentDescription', { email }) });
    } catch (error) {
      toast({
        title: t('resend.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Button type="button" variant="outline" size="sm" className="self-start" disabled={resend.isPending} onClick={() => void send()}>
      {resend.isPending ? t('resend.sending') : t('resend.button')}
    </Button>
  );
}
