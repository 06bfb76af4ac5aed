import { MAX_ATTACHMENTS } from '@faxline/shared';

import { useMaxFileSizeMB } from '@/lib/platform/use-platform-info';

/** The upload limits the support guides' steps name; the back office can change the file size. */
export function useUploadLimits() {
  const maxFileSizeMB = useMaxFileSizeMB();
  return { maxAttachments: MAX_ATTACHMENTS, size: maxFileSizeMB };
}
