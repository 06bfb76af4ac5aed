import { hasNothingToSend, needsCoverPage, type TLanguage, type ZSendFaxRequest } from '@faxline/shared';
import type { z } from 'zod';
import { renderFaxDocument } from '../documents/record/prepare-fax-document';
import { renderPreviewPages } from '../documents/fax-image/render-fax-image';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';
import type { SystemSettings } from '../system-settings/system-settings';
import { checkAttachments, refuseUnconvertible, type Upload } from './check-attachments';
import type { FaxActor } from './fax-access';

/** The send page shows this many pages at most. */
const PREVIEW_PAGES = 10;

/**
 * The pages as the fax will print them, before sending: the same checks and the same conversion as a sent fax, nothing
 * stored. The images are PNG data URLs.
 */
export async function previewFax(
  deps: { config: Pick<TConfig, 'converterLimits'>; systemSettings: SystemSettings },
  input: { actor: FaxActor; language: TLanguage; request: z.output<typeof ZSendFaxRequest>; uploads: Upload[] },
): Promise<{ pages: number; images: string[] }> {
  const { request } = input;
  const attachments = await checkAttachments(input.uploads, (await deps.systemSettings.current()).maxFileSizeMB);
  const contents = { coverMessage: request.coverPageMessage, coverSubject: request.coverSubject, attachmentCount: attachments.length };
  if (hasNothingToSend(contents)) throw new AppError('invalid_request', 'errors.nothingToSend');
  const document = await renderFaxDocument({
    files: attachments,
    quality: request.faxQuality,
    limits: deps.config.converterLimits,
    cover: needsCoverPage(contents)
      ? {
          language: input.language,
          senderName: input.actor.user.name,
          senderNumber: request.fromNumber ?? null,
          recipientName: request.recipientName ?? null,
          recipientNumber: request.recipientNumber,
          date: new Date(),
          subject: request.coverSubject ?? null,
          message: request.coverPageMessage ?? null,
        }
      : null,
  }).catch(refuseUnconvertible);
  const pages = await renderPreviewPages(document.pdf, request.faxQuality, PREVIEW_PAGES, deps.config.converterLimits).catch(
    refuseUnconvertible,
  );
  return { pages: document.pages, images: pages.map((png) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`) };
}
