import {
  SSO_PROTOCOLS,
  SSO_ROLES,
  type TSsoConnection,
  type TSsoConnectionChange,
  type TSsoProtocol,
  type TSsoRole,
} from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldDescription, FieldProblem, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/native-select';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';
import { toast } from '@/lib/toast';

import { useRemoveSsoConnection } from '../api/remove-sso-connection';
import { useSaveSsoConnection } from '../api/save-sso-connection';

const FIELDS = ['oidcIssuer', 'oidcClientId', 'oidcClientSecret', 'samlMetadataUrl', 'samlMetadataXml', 'required'] as const;
type TField = (typeof FIELDS)[number];

/** A refusal's field (the server names it `body.<field>`) and its translated words. */
function problemOf(error: unknown): { field: TField | null; message: string } {
  if (!(error instanceof ApiError)) return { field: null, message: '' };
  const issue = error.issues?.[0];
  const name = issue?.path.split('.').at(-1);
  return { field: FIELDS.find((field) => field === name) ?? null, message: issue?.message ?? error.message };
}

/**
 * The identity provider: OpenID Connect (issuer, client id, secret: never shown back, kept when left empty) or SAML 2.0
 * (the provider's metadata, by URL or pasted), the role new people get, and whether single sign-on is required.
 */
export function SsoConnectionForm({ connection }: { connection: TSsoConnection | null }) {
  const { t } = useTranslation(['sso', 'errors']);
  const id = useId();
  const dates = useDateFormat();
  const save = useSaveSsoConnection();
  const remove = useRemoveSsoConnection();
  const [protocol, setProtocol] = useState<TSsoProtocol>(connection?.protocol ?? 'oidc');
  const [issuer, setIssuer] = useState(connection?.oidcIssuer ?? '');
  const [clientId, setClientId] = useState(connection?.oidcClientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [metadataUrl, setMetadataUrl] = useState('');
  const [metadataXml, setMetadataXml] = useState('');
  const [role, setRole] = useState<TSsoRole>(connection?.defaultRole ?? 'user');
  const [required, setRequired] = useState(connection?.required ?? false);
  const [problem, setProblem] = useState<{ field: TField | null; message: string } | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const busy = save.isPending || remove.isPending;
  const keptSaml = connection?.protocol === 'saml' && connection.samlEntityId && connection.samlSsoUrl && connection.samlCertificate;

  const change = (): TSsoConnectionChange => {
    const common = { protocol, defaultRole: role, required };
    if (protocol === 'oidc')
      return { ...common, oidcIssuer: issuer, oidcClientId: clientId, ...(clientSecret.trim() ? { oidcClientSecret: clientSecret } : {}) };
    if (metadataXml.trim()) return { ...common, samlMetadataXml: metadataXml };
    // Without new metadata, the provider read before stays.
    if (metadataUrl.trim() || !keptSaml) return { ...common, samlMetadataUrl: metadataUrl };
    return common;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    try {
      await save.mutateAsync(change());
      toast({ title: t('connection.savedTitle'), description: t('connection.savedDescription') });
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
      toast({ title: t('connection.failedTitle'), description: found.message || t('errors:api.unknown'), variant: 'destructive' });
    }
  };

  const disconnect = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: t('connection.removedTitle') });
    } catch (error) {
      toast({
        title: t('connection.removeFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    } finally {
      setConfirmingRemoval(false);
    }
  };

  const problemProps = (field: TField) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-errormessage': `${id}-${field}-problem` } : {};
  const problemLine = (field: TField) =>
    problem?.field === field ? <FieldProblem id={`${id}-${field}-problem`}>{problem.message}</FieldProblem> : null;
  const field = (name: TField, label: string, value: string, set: (value: string) => void, extra: Record<string, unknown> = {}) => (
    <div className="flex flex-col gap-2">
      <FormField
        label={label}
        value={value}
        onChange={(event) => set(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        disabled={busy}
        {...extra}
        {...problemProps(name)}
      />
      {problemLine(name)}
    </div>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-5" aria-busy={busy}>
      <h3 className="font-semibold">{t('connection.title')}</h3>
      <SelectField
        id={`${id}-protocol`}
        label={t('connection.protocol')}
        value={protocol}
        onChange={(event) => setProtocol(event.target.value as TSsoProtocol)}
        disabled={busy}
      >
        {SSO_PROTOCOLS.map((value) => (
          <option key={value} value={value}>
            {t(`connection.protocols.${value}`)}
          </option>
        ))}
      </SelectField>
      {protocol === 'oidc' ? (
        <>
          {field('oidcIssuer', t('connection.issuer'), issuer, setIssuer, {
            type: 'url',
            inputMode: 'url',
            description: t('connection.issuerDescription'),
          })}
          {field('oidcClientId', t('connection.clientId'), clientId, setClientId)}
          {field('oidcClientSecret', t('connection.clientSecret'), clientSecret, setClientSecret, {
            type: 'password',
            ...(connection?.hasClientSecret ? { description: t('connection.clientSecretKept') } : {}),
          })}
        </>
      ) : (
        <>
          {keptSaml ? (
            <p className="text-sm text-muted-foreground">
              {t('connection.savedIdp', {
                entityId: connection.samlEntityId,
                subject: connection.samlCertificate!.subject,
                validTo: dates.date(connection.samlCertificate!.validTo),
              })}
            </p>
          ) : null}
          {field('samlMetadataUrl', t('connection.metadataUrl'), metadataUrl, setMetadataUrl, { type: 'url', inputMode: 'url' })}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-xml`}>{t('connection.metadataXml')}</Label>
            <Textarea
              id={`${id}-xml`}
              rows={4}
              value={metadataXml}
              onChange={(event) => setMetadataXml(event.target.value)}
              spellCheck={false}
              disabled={busy}
              aria-describedby={`${id}-xml-description`}
              className="font-mono text-xs"
              {...problemProps('samlMetadataXml')}
            />
            <FieldDescription id={`${id}-xml-description`}>{t('connection.metadataDescription')}</FieldDescription>
            {problemLine('samlMetadataXml')}
          </div>
        </>
      )}
      <SelectField
        id={`${id}-role`}
        label={t('connection.role')}
        value={role}
        onChange={(event) => setRole(event.target.value as TSsoRole)}
        disabled={busy}
      >
        {SSO_ROLES.map((value) => (
          <option key={value} value={value}>
            {t(`connection.roles.${value}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col gap-2">
        <SettingSwitch
          id={`${id}-required`}
          label={t('connection.required')}
          description={t('connection.requiredDescription')}
          checked={required}
          onChange={setRequired}
          disabled={busy}
        />
        {problemLine('required')}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {save.isPending ? t('connection.saving') : t('connection.save')}
        </Button>
        {connection ? (
          <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirmingRemoval(true)}>
            {t('connection.remove')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingRemoval}
        title={t('connection.removeTitle')}
        description={t('connection.removeDescription')}
        cancelLabel={t('connection.cancel')}
        confirmLabel={t('connection.remove')}
        pendingLabel={t('connection.removing')}
        pending={remove.isPending}
        onConfirm={() => void disconnect()}
        onCancel={() => setConfirmingRemoval(false)}
      />
    </form>
  );
}
