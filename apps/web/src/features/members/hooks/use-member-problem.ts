import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';

import type { TMemberProblem, TMemberTextField } from '../utils/member-checks';

/**
 * Reports why the user was not added the way the spec does (a destructive toast, read out from the live region), and
 * also marks the field invalid and moves focus to it, so keyboard and screen-reader users land where the fix is.
 */
export function useMemberProblem() {
  const { t } = useTranslation(['members', 'errors', 'messages']);
  const [invalidField, setInvalidField] = useState<TMemberTextField | null>(null);
  const inputs = useRef(new Map<TMemberTextField, HTMLInputElement | null>());

  const report = useCallback(
    (problem: TMemberProblem) => {
      setInvalidField(problem.field);
      inputs.current.get(problem.field)?.focus();
      toast({ title: t(problem.title), description: t(problem.description), variant: 'destructive' });
    },
    [t],
  );

  /** Props for the input of `field`: its ref (for focus) and aria-invalid while it is the one to fix. */
  const fieldProps = (field: TMemberTextField) => ({
    ref: (element: HTMLInputElement | null) => void inputs.current.set(field, element),
    'aria-invalid': invalidField === field ? true : undefined,
  });

  const clear = useCallback((field: TMemberTextField) => setInvalidField((current) => (current === field ? null : current)), []);

  return { report, fieldProps, clear };
}
