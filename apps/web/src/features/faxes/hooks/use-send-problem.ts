import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';

import type { TSendField, TSendProblem } from '../utils/send-checks';

/**
 * Reports why the fax was not sent the way the spec does (a destructive toast, read out from the live region), marks
 * the field invalid and moves focus to it, so keyboard and screen-reader users land where the fix is.
 */
export function useSendProblem() {
  const { t } = useTranslation(['faxes', 'messages']);
  const [invalidField, setInvalidField] = useState<TSendField | null>(null);
  const elements = useRef(new Map<TSendField, HTMLElement | null>());

  const report = useCallback(
    (problem: TSendProblem) => {
      setInvalidField(problem.field);
      if (problem.field) elements.current.get(problem.field)?.focus();
      toast({ title: t(problem.title), description: t(problem.description, problem.values ?? {}), variant: 'destructive' });
    },
    [t],
  );

  /** Props for the control of `field`: its ref (for focus) and aria-invalid while it is the one to fix. */
  const fieldProps = (field: TSendField) => ({
    ref: (element: HTMLElement | null) => void elements.current.set(field, element),
    'aria-invalid': invalidField === field ? true : undefined,
  });

  const clear = useCallback((field: TSendField) => setInvalidField((current) => (current === field ? null : current)), []);

  return { report, fieldProps, clear };
}
