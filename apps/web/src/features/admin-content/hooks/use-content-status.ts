import type { TContentStatus } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSetContentStatus } from '../api/set-content-status';

/** Publish or unpublish an item, with the toast that says what happened. */
export function useContentStatusAction() {
  const { t } = useTranslation(['admin-support', 'admin-publishing']);
  const setStatus = useSetContentStatus();

  const run = async (item: { id: string; title: string }, status: TContentStatus, at?: string): Promise<boolean> => {
    const publishing = status === 'published';
    try {
      await setStatus.mutateAsync({ id: item.id, status, ...(at ? { at } : {}) });
      toast(
        at
          ? {
              title: t('admin-publishing:content.scheduledTitle'),
              description: t('admin-publishing:content.scheduledDescription', { title: item.title }),
            }
          : publishing
            ? { title: t('content.toasts.publishedTitle'), description: t('content.toasts.publishedDescription', { title: item.title }) }
            : {
                title: t('content.toasts.unpublishedTitle'),
                description: t('content.toasts.unpublishedDescription', { title: item.title }),
              },
      );
      return true;
    } catch (error) {
      toast({
        title: publishing ? t('content.toasts.publishFailedTitle') : t('content.toasts.unpublishFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
      return false;
    }
  };

  return { run, pendingId: setStatus.isPending ? setStatus.variables?.id : undefined };
}
