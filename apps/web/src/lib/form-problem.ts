import type { ParseKeys } from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from './toast';

/**
 * Keys a form check may use (checked by the compiler): `auth:*` texts, the shared `messages:validation.*` messages and
 * the web app's generic `errors:validation.invalid`.
 */
export type TProblemKey = Extract<
  ParseKeys<['auth', 'errors', 'messages']>,
  `auth:${string}` | `errors:validation.${string}` | `messages:validation.${string}`
>;

/** Why a form was not sent: the field to fix, and the i18n keys of the toast that says so. */
export type TFormProblem<F extends string> = { field: F; title: TProblemKey; description: TProblemKey };

/**
 * Reports a form problem the way the spec does (a destructive toast, in the live region), and also marks the field
 * invalid and moves focus to it, so keyboard and screen-reader users land where the fix is.
 */
export function useFormProblem<F extends string>() {
  const { t } = useTranslation(['auth', 'errors', 'messages']);
  const [invalidField, setInvalidField] = useState<F | null>(null);
  const inputs = useRef(new Map<F, HTMLInputElement | null>());

  const report = useCallback(
    (problem: TFormProblem<F>) => {
      setInvalidField(problem.field);
      inputs.current.get(problem.field)?.focus();
      toast({ title: t(problem.title), description: t(problem.description), variant: 'destructive' });
    },
    [t],
  );

  /** Props for the input of `field`: its ref (for focus) and aria-invalid while it is the one to fix. */
  const fieldProps = (field: F) => ({
    ref: (element: HTMLInputElement | null) => void inputs.current.set(field, element),
    'aria-invalid': invalidField === field ? true : undefined,
  });

  const clear = useCallback((field: F) => setInvalidField((current) => (current === field ? null : current)), []);

  return { report, fieldProps, clear };
}
