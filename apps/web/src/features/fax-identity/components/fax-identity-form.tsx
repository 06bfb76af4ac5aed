import { faxHeaderName, ZFaxHeaderSettings, type TFaxIdentity } from '@faxline/shared';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldDescription, FormField, FormProblem } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { timeZoneChoices, timeZoneLabel } from '@/lib/time-zones';
import { toast } from '@/lib/toast';
import { maxLengthOf } from '@/lib/validation';

import { useSaveFaxIdentity } from '../api/save-fax-identity';
import { checkFaxIdentity, valuesOf, type TIdentityField, type TIdentityValues } from '../utils/fax-identity-checks';
import { refusalOf } from '../utils/refusal-field';

import { HeaderPreview } from './header-preview';
import { StationIdFields } from './station-id-fields';

type TProblem = { field: TIdentityField | null; message: string };

/**
 * The header line (on or off, its name, its time zone) with a preview of it, and each number's station id, saved
 * together. The shared schema's checks run first; the server's refusals arrive translated. Either way the message
 * stands under the field it concerns (or above Save when it names none), and focus moves there.
 */
export function FaxIdentityForm({ identity }: { identity: TFaxIdentity }) {
  const { t } = useTranslation(['fax-identity', 'messages', 'errors']);
  const saveFaxIdentity = useSaveFaxIdentity();
  const [values, setValues] = useState<TIdentityValues>(() => valuesOf(identity));
  const [problem, setProblem] = useState<TProblem | null>(null);
  const inputs = useRef(new Map<TIdentityField, HTMLElement | null>());
  const zones = useMemo(() => timeZoneChoices(identity.header.timeZone), [identity.header.timeZone]);
  const id = useId();
  const saving = saveFaxIdentity.isPending;
  const { header, numbers } = values;
  const first = numbers[0];

  const inputRef = (field: TIdentityField) => (element: HTMLElement | null) => void inputs.current.set(field, element);
  const clear = (field: TIdentityField) =>
    setProblem((current) => (current && (current.field === field || !current.field) ? null : current));
  const setHeader = (change: Partial<TIdentityValues['header']>) =>
    setValues((current) => ({ ...current, header: { ...current.header, ...change } }));
  const setStationId = (index: number, stationId: string) => {
    setValues((current) => ({
      ...current,
      numbers: current.numbers.map((number, at) => (at === index ? { ...number, stationId } : number)),
    }));
    clear(`stationId.${index}`);
  };

  const show = (found: TProblem) => {
    setProblem(found);
    if (found.field) inputs.current.get(found.field)?.focus();
    toast({ title: t('toasts.failedTitle'), description: found.message, variant: 'destructive' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkFaxIdentity(values);
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key)) });
    try {
      setValues(valuesOf(await saveFaxIdentity.mutateAsync(checked.request)));
      setProblem(null);
      toast({ title: t('toasts.savedTitle'), description: t('toasts.savedDescription') });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return show(refusal);
      // No connection, a failure of the server, or no longer allowed: nothing for the person to fix in the form.
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.failedTitle'), description, variant: 'destructive' });
    }
  };

  const problemOf = (field: TIdentityField) => (problem?.field === field ? problem.message : null);
  const problemLine = (field: TIdentityField, problemId: string) => {
    const message = problemOf(field);
    return message ? (
      <p id={problemId} className="text-sm font-medium text-destructive">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (field: TIdentityField, base: string) => (problemOf(field) ? `${base} ${base}-problem` : base);

  const nameId = `${id}-name`;
  const zoneId = `${id}-zone`;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-6" aria-busy={saving}>
      <SettingSwitch
        id={`${id}-enabled`}
        label={t('header.enabled')}
        description={t('header.enabledHelp')}
        checked={header.enabled}
        onChange={(enabled) => setHeader({ enabled })}
        disabled={saving}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <FormField
            id={nameId}
            name="headerName"
            label={t('header.name')}
            description={t('header.nameHelp', { accountName: identity.accountName })}
            placeholder={identity.accountName}
            value={header.name}
            onChange={(event) => {
              setHeader({ name: event.target.value });
              clear('name');
            }}
            maxLength={maxLengthOf(ZFaxHeaderSettings.shape.name)}
            autoComplete="organization"
            disabled={saving}
            ref={inputRef('name')}
            aria-invalid={problemOf('name') ? true : undefined}
            aria-describedby={describedBy('name', `${nameId}-description`)}
          />
          {problemLine('name', `${nameId}-description-problem`)}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={zoneId}>{t('header.timeZone')}</Label>
          <NativeSelect
            id={zoneId}
            name="timeZone"
            value={header.timeZone}
            onChange={(event) => {
              setHeader({ timeZone: event.target.value });
              clear('timeZone');
            }}
            disabled={saving}
            ref={inputRef('timeZone')}
            aria-invalid={problemOf('timeZone') ? true : undefined}
            aria-describedby={describedBy('timeZone', `${zoneId}-description`)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </NativeSelect>
          <FieldDescription id={`${zoneId}-description`}>{t('header.timeZoneHelp')}</FieldDescription>
          {problemLine('timeZone', `${zoneId}-description-problem`)}
        </div>
      </div>
      <HeaderPreview
        id={`${id}-preview`}
        enabled={header.enabled}
        name={faxHeaderName(header.name, identity.accountName)}
        timeZone={header.timeZone}
        stationId={first ? first.stationId.trim() || first.phoneNumber : ''}
      />
      <StationIdFields
        id={`${id}-stations`}
        numbers={numbers}
        onChange={setStationId}
        disabled={saving}
        problem={problem}
        inputRef={inputRef}
      />
      <FormProblem>{problem && !problem.field ? problem.message : null}</FormProblem>
      <div className="flex flex-col items-start gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? t('save.saving') : t('save.button')}
        </Button>
        <p className="text-sm text-muted-foreground">{t('save.fromNow')}</p>
      </div>
    </form>
  );
}
