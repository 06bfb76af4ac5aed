import type { TFax } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { downloadFax, type TFaxFile } from '../api/download-fax';
import { useResendFax } from '../api/resend-fax';
import { formatNumber } from '../utils/format';

/**
 * The one-click actions on a fax, the same from its history row and its details: download the PDF or the fax image,
 * and Resend. Each says how it went in a toast; a refusal shows the server's message.
 */
export function useFaxActions() {
  const { t } = useTranslation(['faxes', 'errors']);
  const resendMutation = useResendFax();
  const failed = (title: string, error: unknown) =>
    toast({ title, description: error instanceof ApiError ? error.message : t('errors:api.unknown'), variant: 'destructive' });

  const download = async (fax: Pick<TFax, 'id'>, file: TFaxFile) => {
    try {
      await downloadFax(fax.id, file);
    } catch (error) {
      failed(t('history.downloadFailedTitle'), error);
    }
  };

  /** Sends the fax again; the new fax's id, or null when it was refused. */
  const resend = async (fax: Pick<TFax, 'id' | 'toNumber'>): Promise<string | null> => {
    try {
      const sent = await resendMutation.mutateAsync(fax.id);
      toast({ title: t('history.resentTitle'), description: t('history.resentDescription', { number: formatNumber(fax.toNumber, '') }) });
      return sent.faxId;
    } catch (error) {
      failed(t('history.resendFailedTitle'), error);
      return null;
    }
  };

  return { download, resend, resending: resendMutation.isPending };
}
