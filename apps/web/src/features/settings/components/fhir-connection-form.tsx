import { FHIR_AUTH_KINDS, type TFhirAuthKind, type TFhirConnection, type TFhirConnectionChange } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldDescription, FieldProblem, FormField, FormProblem } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/native-select';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRemoveFhirConnection } from '../api/remove-fhir-connection';
import { useSaveFhirConnection } from '../api/save-fhir-connection';
import { useTestFhirConnection } from '../api/test-fhir-connection';

type TField = 'baseUrl' | 'token' | 'clientId' | 'tokenUrl' | 'privateKey';
const FIELDS: readonly TField[] = ['baseUrl', 'token', 'clientId', 'tokenUrl', 'privateKey'];

/** A refusal's field (the server names it `body.<field>`) and its translated words; null when it is no field's. */
function problemOf(error: unknown): { field: TField | null; message: string } | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 403) return null;
  const issue = error.issues?.[0];
  const name = issue?.path.split('.').at(-1);
  return { field: FIELDS.find((field) => field === name) ?? null, message: issue?.message ?? error.message };
}

/**
 * The account's FHIR server: where it is, how Faxline signs in (a token, or SMART Backend Services with a private
 * key), whether it is on and sends each fax once classified. The token and the key are never shown back: left empty,
 * the saved ones stay. Refusals are said beside their field, in the server's words.
 */
export function FhirConnectionForm({ connection }: { connection: TFhirConnection | null }) {
  const { t } = useTranslation(['fhir', 'errors']);
  const id = useId();
  const save = useSaveFhirConnection();
  const test = useTestFhirConnection();
  const remove = useRemoveFhirConnection();
  const [baseUrl, setBaseUrl] = useState(connection?.baseUrl ?? '');
  const [authKind, setAuthKind] = useState<TFhirAuthKind>(connection?.authKind ?? 'bearer');
  const [token, setToken] = useState('');
  const [clientId, setClientId] = useState(connection?.clientId ?? '');
  const [tokenUrl, setTokenUrl] = useState(connection?.tokenUrl ?? '');
  const [privateKey, setPrivateKey] = useState('');
  const [enabled, setEnabled] = useState(connection?.enabled ?? true);
  const [sendAutomatically, setSendAutomatically] = useState(connection?.sendAutomatically ?? false);
  const [problem, setProblem] = useState<{ field: TField | null; message: string } | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const busy = save.isPending || test.isPending || remove.isPending;
  // The saved secret stays when its field is left empty, for the kind and the addresses it was saved for (the server
  // asks for it again when an address changes, so that it never goes elsewhere unseen).
  const sameUrl = (saved: string | null | undefined, typed: string) => saved === typed.trim().replace(/\/+$/, '');
  const keepsSecret =
    connection?.authKind === authKind &&
    sameUrl(connection.baseUrl, baseUrl) &&
    (authKind === 'bearer' || sameUrl(connection.tokenUrl, tokenUrl));

  const change = (): TFhirConnectionChange =>
    authKind === 'bearer'
      ? { authKind, baseUrl, enabled, sendAutomatically, ...(token.trim() ? { token } : {}) }
      : { authKind, baseUrl, clientId, tokenUrl, enabled, sendAutomatically, ...(privateKey.trim() ? { privateKey } : {}) };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    try {
      await save.mutateAsync(change());
      setToken('');
      setPrivateKey('');
      toast({ title: t('settings.save.savedTitle'), description: t('settings.save.savedDescription') });
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
      toast({
        title: t('settings.save.failedTitle'),
        description: found?.message ?? (error instanceof ApiError ? error.message : t('errors:api.unknown')),
        variant: 'destructive',
      });
    }
  };

  const runTest = async () => {
    try {
      const result = await test.mutateAsync();
      toast({
        title: t('settings.test.okTitle'),
        description: t('settings.test.okDescription', {
          version: result.fhirVersion,
          software: result.software ? ` (${result.software})` : '',
        }),
      });
    } catch (error) {
      toast({
        title: t('settings.test.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  const disconnect = async () => {
    try {
      await remove.mutateAsync();
      setConfirmingRemoval(false);
      toast({ title: t('settings.remove.doneTitle') });
    } catch (error) {
      setConfirmingRemoval(false);
      toast({
        title: t('settings.remove.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  /** What a field needs to be read out with: its problem when it has one. */
  const problemProps = (field: TField) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-errormessage': `${id}-${field}-problem` } : {};
  const problemLine = (field: TField) =>
    problem?.field === field ? <FieldProblem id={`${id}-${field}-problem`}>{problem.message}</FieldProblem> : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-6" aria-busy={busy}>
      <div className="flex flex-col gap-2">
        <FormField
          label={t('settings.baseUrl.label')}
          description={t('settings.baseUrl.description')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          disabled={busy}
          required
          {...problemProps('baseUrl')}
        />
        {problemLine('baseUrl')}
      </div>
      <SelectField
        id={`${id}-kind`}
        label={t('settings.authKind.label')}
        value={authKind}
        onChange={(event) => setAuthKind(event.target.value as TFhirAuthKind)}
        disabled={busy}
      >
        {FHIR_AUTH_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`settings.authKind.${kind}`)}
          </option>
        ))}
      </SelectField>
      {authKind === 'bearer' ? (
        <div className="flex flex-col gap-2">
          <FormField
            label={t('settings.token.label')}
            description={keepsSecret ? `${t('settings.token.description')} ${t('settings.token.keep')}` : t('settings.token.description')}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            disabled={busy}
            required={!keepsSecret}
            {...problemProps('token')}
          />
          {problemLine('token')}
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <FormField
              label={t('settings.clientId.label')}
              description={t('settings.clientId.description')}
              autoComplete="off"
              spellCheck={false}
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
              disabled={busy}
              required
              {...problemProps('clientId')}
            />
            {problemLine('clientId')}
          </div>
          <div className="flex flex-col gap-2">
            <FormField
              label={t('settings.tokenUrl.label')}
              description={t('settings.tokenUrl.description')}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={tokenUrl}
              onChange={(event) => setTokenUrl(event.target.value)}
              disabled={busy}
              required
              {...problemProps('tokenUrl')}
            />
            {problemLine('tokenUrl')}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-key`}>{t('settings.privateKey.label')}</Label>
            <Textarea
              id={`${id}-key`}
              rows={5}
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-xs"
              value={privateKey}
              onChange={(event) => setPrivateKey(event.target.value)}
              disabled={busy}
              required={!keepsSecret}
              aria-describedby={`${id}-key-description`}
              {...problemProps('privateKey')}
            />
            <FieldDescription id={`${id}-key-description`}>
              {t('settings.privateKey.description')}{' '}
              {keepsSecret && connection?.algorithm && connection.keyId
                ? t('settings.privateKey.keep', { algorithm: connection.algorithm, keyId: connection.keyId })
                : null}
            </FieldDescription>
            {problemLine('privateKey')}
          </div>
        </>
      )}
      <SettingSwitch
        id={`${id}-enabled`}
        label={t('settings.enabled.label')}
        description={t('settings.enabled.description')}
        checked={enabled}
        onChange={setEnabled}
        disabled={busy}
      />
      <SettingSwitch
        id={`${id}-automatic`}
        label={t('settings.automatic.label')}
        description={t('settings.automatic.description')}
        checked={sendAutomatically}
        onChange={setSendAutomatically}
        disabled={busy}
      />
      {problem && !problem.field ? <FormProblem>{problem.message}</FormProblem> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {save.isPending ? t('settings.save.saving') : t('settings.save.button')}
        </Button>
        {connection ? (
          <>
            <Button type="button" variant="outline" disabled={busy} onClick={() => void runTest()}>
              {test.isPending ? t('settings.test.testing') : t('settings.test.button')}
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirmingRemoval(true)}>
              {t('settings.remove.button')}
            </Button>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingRemoval}
        title={t('settings.remove.title')}
        description={t('settings.remove.description')}
        cancelLabel={t('settings.remove.cancel')}
        confirmLabel={t('settings.remove.confirm')}
        pendingLabel={t('settings.remove.pending')}
        pending={remove.isPending}
        onConfirm={() => void disconnect()}
        onCancel={() => setConfirmingRemoval(false)}
      />
    </form>
  );
}
