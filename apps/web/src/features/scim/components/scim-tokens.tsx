import { MAX_SCIM_TOKEN_NAME_LENGTH, type TCreateScimTokenResponse, type TScimToken } from '@faxline/shared';
import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField, FormProblem } from '@/components/ui/form-field';
import { ShownOnceSecret } from '@/components/ui/shown-once-secret';
import { useDateFormat } from '@/lib/use-date-format';

import { useCreateScimToken, useRevokeScimToken } from '../api/scim-settings';

type TRevoking = { token: TScimToken; trigger: HTMLButtonElement };

/** The account's working tokens, a form to make one (its secret shown once), and Revoke. */
export function ScimTokens({ tokens, max }: { tokens: TScimToken[]; max: number }) {
  const { t, i18n } = useTranslation('scim');
  const [revoking, setRevoking] = useState<TRevoking | null>(null);
  const [created, setCreated] = useState<TCreateScimTokenResponse | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const focusBack = () => (revoking?.trigger.isConnected ? revoking.trigger : heading.current)?.focus();

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {/* A level below the section's own heading: the kit's CountedList is a page's h2. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id="scim-tokens-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-hidden">
          {t('tokens.title')}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('tokens.count', { used: number.format(tokens.length), max: number.format(max) })}
        </p>
      </div>
      {tokens.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('tokens.empty')}</p>
      ) : (
        <ul aria-labelledby="scim-tokens-heading" className="flex flex-col divide-y rounded-lg border">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={(event) => setRevoking({ token, trigger: event.currentTarget })} />
          ))}
        </ul>
      )}
      {tokens.length < max ? <CreateTokenForm onCreated={setCreated} /> : <p className="text-sm">{t('tokens.full', { max })}</p>}
      {created ? <NewTokenDialog created={created} onClose={() => setCreated(null)} /> : null}
      {revoking ? <RevokeTokenDialog token={revoking.token} onClose={() => setRevoking(null)} returnFocus={focusBack} /> : null}
    </div>
  );
}

function TokenRow({ token, onRevoke }: { token: TScimToken; onRevoke: (event: MouseEvent<HTMLButtonElement>) => void }) {
  const { t } = useTranslation('scim');
  const format = useDateFormat().dateTime;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-4 p-4">
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="font-semibold break-words">{token.name}</span>
        <code translate="no" dir="ltr" className="w-fit rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all">
          {`${token.prefix}…`}
        </code>
        <span className="text-sm text-muted-foreground">{t('tokens.created', { date: format(token.createdAt) })}</span>
        <span className="text-sm text-muted-foreground">
          {token.lastUsedAt ? t('tokens.lastUsed', { date: format(token.lastUsedAt) }) : t('tokens.neverUsed')}
        </span>
      </div>
      <Button type="button" variant="outline" size="sm" aria-label={t('tokens.revokeFor', { name: token.name })} onClick={onRevoke}>
        {t('tokens.revoke')}
      </Button>
    </li>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: TCreateScimTokenResponse) => void }) {
  const { t } = useTranslation('scim');
  const create = useCreateScimToken();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onCreated(await create.mutateAsync({ name }));
      setName('');
    } catch (error) {
      // The server's own words, in the person's language (an empty name, too many tokens).
      setProblem(error instanceof Error ? error.message : t('toasts.createFailed'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <FormField
        label={t('tokens.name')}
        description={t('tokens.nameHint')}
        value={name}
        maxLength={MAX_SCIM_TOKEN_NAME_LENGTH}
        onChange={(event) => setName(event.target.value)}
        required
        autoComplete="off"
      />
      <FormProblem>{problem}</FormProblem>
      <Button type="submit" className="w-fit" disabled={create.isPending}>
        {create.isPending ? t('tokens.creating') : t('tokens.create')}
      </Button>
    </form>
  );
}

/** The new token's secret, the one time it is shown; a click outside does not close it (it would be lost). */
function NewTokenDialog({ created, onClose }: { created: TCreateScimTokenResponse; onClose: () => void }) {
  const { t } = useTranslation('scim');
  const { name } = created.token;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t('secret.close')} onPointerDownOutside={(event) => event.preventDefault()} className="max-w-xl">
        <DialogTitle>{t('secret.title')}</DialogTitle>
        <DialogDescription className="text-base text-foreground">{t('secret.description', { name })}</DialogDescription>
        <ShownOnceSecret
          label={t('secret.label', { name })}
          secret={created.secret}
          testId="scim-token-secret"
          texts={t('secret', { returnObjects: true })}
          onClose={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}

function RevokeTokenDialog({ token, onClose, returnFocus }: { token: TScimToken; onClose: () => void; returnFocus: () => void }) {
  const { t } = useTranslation('scim');
  const revoke = useRevokeScimToken();
  const { name } = token;
  return (
    <ActionConfirmDialog
      title={t('revokeDialog.title', { name })}
      description={t('revokeDialog.description', { prefix: `${token.prefix}…` })}
      cancelLabel={t('revokeDialog.cancel')}
      confirmLabel={t('revokeDialog.confirm')}
      pendingLabel={t('revokeDialog.revoking')}
      action={{ run: () => revoke.mutateAsync(token.id), pending: revoke.isPending }}
      done={{ title: t('toasts.revokedTitle'), description: t('toasts.revokedDescription', { name }) }}
      failedTitle={t('toasts.revokeFailedTitle')}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
