import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import { OPENAPI_DOCUMENT_PATH, useOpenApiDocument } from '../api/get-openapi-document';

/**
 * /api-documentation#reference: the live OpenAPI document of /v1, rendered by Scalar (loaded with this section only).
 * While the document or the renderer loads, a status line; if either fails, a translated message and Try Again.
 */
export function OpenApiReference() {
  const { t } = useTranslation('developers');
  const openApi = useOpenApiDocument();
  const container = useRef<HTMLDivElement>(null);
  const [renderer, setRenderer] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const spec = openApi.data;

  useEffect(() => {
    if (!spec) return;
    let unmount: (() => void) | undefined;
    let cancelled = false;
    setRenderer('loading');
    import('../reference/mount-api-reference').then(
      ({ mountApiReference }) => {
        if (cancelled || !container.current) return;
        unmount = mountApiReference(container.current, spec, { copyLabel: t('apiDocs.reference.copy') });
        setRenderer('ready');
      },
      () => !cancelled && setRenderer('failed'),
    );
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [spec, attempt, t]);

  const failed = openApi.isError || renderer === 'failed';
  const retry = () => (openApi.isError ? void openApi.refetch() : setAttempt((n) => n + 1));

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {failed ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
          <p className="font-medium">{t('apiDocs.reference.failed')}</p>
          <p className="text-sm text-muted-foreground">{t('apiDocs.reference.failedHint', { path: OPENAPI_DOCUMENT_PATH })}</p>
          <Button type="button" variant="outline" onClick={retry} disabled={openApi.isFetching}>
            {t('apiDocs.reference.retry')}
          </Button>
        </div>
      ) : renderer !== 'ready' ? (
        <p role="status" className="text-muted-foreground">
          {t('apiDocs.reference.loading')}
        </p>
      ) : null}
      {/* Scalar owns this element's content; React never renders into it. */}
      <div ref={container} data-testid="api-reference" className="min-w-0" hidden={failed} />
    </div>
  );
}
