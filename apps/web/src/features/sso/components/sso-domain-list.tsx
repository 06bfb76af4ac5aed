import type { TSsoDomain } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { addSsoDomain, removeSsoDomain, useSsoDomainChange, verifySsoDomain } from '../api/sso-domains';

/**
 * The account's e-mail domains: each with the TXT record that proves it, and Verify, which has the server look the
 * record up now. Refusals are the server's translated words.
 */
export function SsoDomainList({ domains }: { domains: TSsoDomain[] }) {
  const { t } = useTranslation(['sso', 'errors']);
  const id = useId();
  const add = useSsoDomainChange(addSsoDomain);
  const verify = useSsoDomainChange(verifySsoDomain);
  const remove = useSsoDomainChange(removeSsoDomain);
  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = add.isPending || verify.isPending || remove.isPending;
  const copyTexts = {
    copied: t('serviceProvider.copied'),
    copiedDescription: t('serviceProvider.copiedDescription'),
    failed: t('serviceProvider.copyFailed'),
    failedDescription: t('serviceProvider.copyFailedDescription'),
  };
  const failed = (error: unknown) =>
    toast({
      title: t('domains.failedTitle'),
      description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
      variant: 'destructive',
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    try {
      await add.mutateAsync(domain);
      setDomain('');
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.issues?.[0]?.message ?? error.message) : t('errors:api.unknown'));
    }
  };

  const check = async (name: string) => {
    try {
      await verify.mutateAsync(name);
      toast({ title: t('domains.verifiedTitle'), description: t('domains.verifiedDescription', { domain: name }) });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{t('domains.title')}</h3>
        <p className="text-sm text-muted-foreground">{t('domains.description')}</p>
      </div>
      {domains.length === 0 ? <p className="text-sm text-muted-foreground">{t('domains.none')}</p> : null}
      <ul className="flex min-w-0 flex-col gap-3">
        {domains.map((row) => (
          <li key={row.domain} className="flex min-w-0 flex-col gap-2 rounded-md border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{row.domain}</span>
              <Badge variant={row.verifiedAt ? 'default' : 'muted'}>
                {row.verifiedAt ? t('domains.verified') : t('domains.unverified')}
              </Badge>
            </div>
            {row.verifiedAt ? null : (
              <div className="flex min-w-0 flex-col gap-1">
                <span className="text-sm">{t('domains.record', { domain: row.domain })}</span>
                <div className="flex min-w-0 items-center gap-2">
                  <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">{row.record}</code>
                  <CopyButton text={row.record} label={t('serviceProvider.copy')} texts={copyTexts} />
                </div>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {row.verifiedAt ? null : (
                <Button type="button" size="sm" disabled={busy} onClick={() => void check(row.domain)}>
                  {verify.isPending && verify.variables === row.domain
                    ? t('domains.verifying')
                    : t('domains.verify', { domain: row.domain })}
                </Button>
              )}
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => remove.mutateAsync(row.domain).catch(failed)}
              >
                {t('domains.remove', { domain: row.domain })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-2">
          <FormField
            label={t('domains.label')}
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
            disabled={busy}
            {...(problem ? { 'aria-invalid': true, 'aria-errormessage': `${id}-problem` } : {})}
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          {add.isPending ? t('domains.adding') : t('domains.add')}
        </Button>
      </form>
      {problem ? <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem> : null}
    </div>
  );
}
