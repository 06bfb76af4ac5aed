import type { TSecretSetting, TSystemSettingsResponse } from '@faxline/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useResetSystemSettings } from '../api/reset-system-settings';
import { useSaveSystemSettings } from '../api/save-system-settings';
import {
  checkDraft,
  draftOf,
  fieldErrorsOf,
  firstField,
  hasSecretEdits,
  noSecretEdits,
  secretsOf,
  type TFieldError,
  type TFieldErrors,
  type TFieldName,
  type TSecretEdit,
  type TSettingsDraft,
} from '../utils/settings-form';

/** A refused request's field problems. ApiError carries them once the API client passes them on; until then, none. */
function issuesOf(error: ApiError): readonly { path: string; message: string }[] {
  const issues = (error as ApiError & { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as { path: string; message: string }[]) : [];
}

/**
 * The settings form's state: the values as typed, what to do with each secret, the problems found on Save, and the
 * save and reset actions with their toasts. Starts from the stored settings and from each answer of the server.
 */
export function useSettingsForm(initial: TSystemSettingsResponse) {
  const { t } = useTranslation(['admin-settings', 'errors', 'messages']);
  const [stored, setStored] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial.values));
  const [secretEdits, setSecretEdits] = useState(noSecretEdits);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const inputs = useRef(new Map<TFieldName, HTMLElement | null>());
  const save = useSaveSystemSettings();
  const reset = useResetSystemSettings();

  const errorText = useCallback(
    (error: TFieldError | undefined) => {
      if (!error) return undefined;
      if (!('key' in error)) return error.message;
      return error.key === 'validation.invalid' ? t('errors:validation.invalid') : t(`messages:${error.key}`);
    },
    [t],
  );

  const clearError = (name: TFieldName) =>
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });

  const setValue = <K extends keyof TSettingsDraft>(name: K, value: TSettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const editSecret = (name: TSecretSetting, edit: Partial<TSecretEdit>) => {
    setSecretEdits((current) => ({ ...current, [name]: { ...current[name], ...edit } }));
    clearError(name);
  };

  /** Props that let the form move focus to a field: the input's ref. */
  const register = (name: TFieldName) => (element: HTMLElement | null) => void inputs.current.set(name, element);

  const showProblems = (found: TFieldErrors, first: TFieldName | null) => {
    setErrors(found);
    if (first) inputs.current.get(first)?.focus();
  };

  const applyStored = (response: TSystemSettingsResponse) => {
    setStored(response);
    setDraft(draftOf(response.values));
    setSecretEdits(noSecretEdits());
    setErrors({});
  };

  const fieldLabel = (name: TFieldName) => t(`fields.${name}.label`);

  const submit = async () => {
    const check = checkDraft(draft);
    if (!check.ok) {
      showProblems(check.errors, check.first);
      // The spec's own message for the price list (spec 001 §5); otherwise the first problem, named by its field.
      const description = check.priceListInvalid
        ? t('messages:validation.stripePriceListJson')
        : t('messages:errors.invalidField', { field: fieldLabel(check.first), message: errorText(check.errors[check.first]) });
      toast({ title: t('toasts.validationTitle'), description, variant: 'destructive' });
      return;
    }
    try {
      applyStored(await save.mutateAsync({ values: check.values, secrets: secretsOf(secretEdits) }));
      toast({ title: t('toasts.savedTitle'), description: t('toasts.savedDescription') });
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 400;
      if (refused) {
        const found = fieldErrorsOf(issuesOf(error));
        showProblems(found, firstField(found));
      }
      toast({
        title: refused ? t('toasts.validationTitle') : t('toasts.saveFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  /** Resets to the defaults; true when done (the dialog then closes), false when the server refused. */
  const resetToDefaults = async (): Promise<boolean> => {
    try {
      applyStored(await reset.mutateAsync());
      toast({ title: t('toasts.resetTitle'), description: t('toasts.resetDescription') });
      return true;
    } catch (error) {
      toast({
        title: t('toasts.resetFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
      return false;
    }
  };

  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(stored.values)) || hasSecretEdits(secretEdits);

  return {
    stored,
    draft,
    secretEdits,
    setValue,
    editSecret,
    register,
    /** The translated problem of a field, if Save found one. */
    errorOf: (name: TFieldName) => errorText(errors[name]),
    submit,
    resetToDefaults,
    saving: save.isPending,
    resetting: reset.isPending,
    changed,
  };
}

export type TSettingsForm = ReturnType<typeof useSettingsForm>;
