import type { TSenderConfirmation } from '@faxline/shared';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useConfirmSender } from '../api/confirm-sender';
import { useSenderConfirmation } from '../api/get-sender-confirmation';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** The server's words for a refusal (already translated), or the generic one when it could not be reached. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * What a confirmation link asks (decision 064), shown to the owner of the address: the account that asks and who in
 * it, what confirming means, whether it moves the address from another account (never named), until when the link
 * works; and one Confirm button, a POST, so that a mail scanner opening the link confirms nothing.
 */
export function SenderConfirmation({ token }: { token: string }) {
  const { t } = useTranslation(['email-to-fax', 'errors']);
  const dates = useDateFormat();
  const asked = useSenderConfirmation(token);
  const confirm = useConfirmSender();
  const outcome = useRef<HTMLDivElement>(null);
  const done = asked.data?.confirmed ?? false;

  // The answer replaces the button: focus follows it, so that a screen reader reads it out.
  useEffect(() => {
    if (done || confirm.isError) outcome.current?.focus();
  }, [done, confirm.isError]);

  if (asked.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('confirmSender.loading')}
      </p>
    );
  }
  if (asked.isError) {
    return (
      <div role="alert" className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-4">
        <p className="font-semibold">{t('confirmSender.failedTitle')}</p>
        <p>{messageOf(asked.error, t('errors:api.unknown'))}</p>
      </div>
    );
  }

  const request: TSenderConfirmation = asked.data;
  const words = { account: request.accountName, address: request.address, person: request.requestedBy ?? '' };
  const expires = dates.format(request.expiresAt, { dateStyle: 'long', timeStyle: 'short' });

  if (done) {
    return (
      <div ref={outcome} tabIndex={-1} role="status" className="flex flex-col gap-3 rounded-lg border border-emerald-300 p-4 outline-none">
        <h2 className="text-xl font-semibold">{t('confirmSender.confirmedTitle')}</h2>
        <p>{t('confirmSender.confirmed', words)}</p>
        <p>
          <Link to={paths.support.getHref('how-faxline-works')} className={linkClass}>
            {t('confirmSender.howTo')}
          </Link>
        </p>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate({ token });
  };

  return (
    <form onSubmit={submit} aria-labelledby="confirm-sender-address" className="flex min-w-0 flex-col gap-4">
      <p id="confirm-sender-address" className="text-lg">
        {t(request.requestedBy ? 'confirmSender.asksBy' : 'confirmSender.asks', words)}
      </p>
      <p translate="no" className="font-mono text-base break-all">
        {request.address}
      </p>
      <p>{t('confirmSender.meaning', words)}</p>
      {request.movesFromAnotherAccount ? (
        <p role="note" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950">
          {t('confirmSender.moves', words)}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{t('confirmSender.expires', { date: expires })}</p>
      <p className="text-sm text-muted-foreground">{t('confirmSender.ignore')}</p>
      {confirm.isError ? (
        <div ref={outcome} tabIndex={-1} role="alert" className="rounded-md border border-destructive/40 p-3 font-medium outline-none">
          {messageOf(confirm.error, t('errors:api.unknown'))}
        </div>
      ) : null}
      <Button type="submit" className="self-start" disabled={confirm.isPending}>
        {confirm.isPending ? t('confirmSender.confirming') : t('confirmSender.confirm')}
      </Button>
    </form>
  );
}
