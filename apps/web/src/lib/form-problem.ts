import type { Namespace, ParseKeys } from 'i18next';
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

const DEFAULT_NAMESPACES = ['auth', 'errors', 'messages'] as const;

/** What a form reports: the field to fix (none when no one field is at fault) and its toast's keys and values. */
export type TReportedProblem<F extends string, K extends string> = {
  field: F | null;
  title: K;
  description: K;
  values?: Record<string, string | number>;
};

/**
 * Reports a form problem the way the spec does (a destructive toast, in the live region), and also marks the field
 * invalid and moves focus to it, so keyboard and screen-reader users land where the fix is. The one such hook of the
 * web app: a form's checks name their keys (typed where the problems are made, `K`), and `namespaces` are where those
 * keys live (the sign-in and profile forms' by default).
 */
export function useFormProblem<F extends string, K extends string = TProblemKey>(namespaces: Namespace = DEFAULT_NAMESPACES) {
  const { t } = useTranslation(namespaces);
  const [invalidField, setInvalidField] = useState<F | null>(null);
  const elements = useRef(new Map<F, HTMLElement | null>());

  const report = useCallback(
    (problem: TReportedProblem<F, K>) => {
      setInvalidField(problem.field);
      if (problem.field) elements.current.get(problem.field)?.focus();
      // The keys were checked against the catalogue where the problem was made (K); here they are only looked up.
      const text = (key: K) => String(t(key as never, (problem.values ?? {}) as never));
      toast({ title: text(problem.title), description: text(problem.description), variant: 'destructive' });
    },
    [t],
  );

  /** Props for the control of `field`: its ref (for focus) and aria-invalid while it is the one to fix. */
  const fieldProps = (field: F) => ({
    ref: (element: HTMLElement | null) => void elements.current.set(field, element),
    'aria-invalid': invalidField === field ? true : undefined,
  });

  const clear = useCallback((field: F) => setInvalidField((current) => (current === field ? null : current)), []);

  return { report, fieldProps, clear };
}
