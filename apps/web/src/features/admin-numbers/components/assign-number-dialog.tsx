import { USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN_CHARS, type TAdminNumber, type TUserSearchResult } from '@faxline/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AddressText } from '@/components/ui/address-text';
import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

import { useAssignNumber } from '../api/assign-number';
import { useUserSearch } from '../api/search-users';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { displayNumber } from '../utils/number-display';

type TAssignNumberDialogProps = { number: TAdminNumber; onClose: () => void };

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * Assigns an available number (spec 001 §2.11, §5, §9): search users by e-mail from 2 characters, 500 ms after typing
 * stops, at most 10 results; choose one; the number goes to that person's account.
 */
export function AssignNumberDialog({ number, onClose }: TAssignNumberDialogProps) {
  const { t } = useTranslation(['admin-catalogue', 'messages']);
  const assign = useAssignNumber();
  const [email, setEmail] = useState('');
  const [selected, setSelected] = useState<TUserSearchResult | null>(null);
  const [invalid, setInvalid] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const groupName = useId();
  const typed = useDebouncedValue(email.trim(), USER_SEARCH_DEBOUNCE_MS);
  const users = useUserSearch(typed);
  const shown = displayNumber(number.phoneNumber);
  const searching = typed.length >= USER_SEARCH_MIN_CHARS;
  const results = searching ? (users.data?.users ?? []) : [];
  // Only a user still in the list counts as chosen: a new search can leave the earlier choice out.
  const chosen = results.find((user) => user.id === selected?.id) ?? null;

  useEffect(() => {
    if (users.isError)
      toast({
        title: t('numbers.toasts.usersErrorTitle'),
        description: errorText(users.error, t('common.unknownError')),
        variant: 'destructive',
      });
  }, [users.isError, users.error, t]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setInvalid(true);
      searchInput.current?.focus();
      toast({ title: t('numbers.toasts.assignmentErrorTitle'), description: t('messages:validation.selectUser'), variant: 'destructive' });
      return;
    }
    try {
      await assign.mutateAsync({ id: number.id, userId: chosen.id });
      toast({
        title: t('numbers.toasts.assignedTitle'),
        description: t('numbers.toasts.assignedDescription', { number: shown, email: chosen.email }),
      });
      onClose();
    } catch (error) {
      toast({
        title: t('numbers.toasts.assignmentFailedTitle'),
        description: errorText(error, t('common.unknownError')),
        variant: 'destructive',
      });
    }
  };

  const status = !searching
    ? t('numbers.assignDialog.searchHint', { min: USER_SEARCH_MIN_CHARS })
    : users.isFetching && !users.data
      ? t('numbers.assignDialog.searching')
      : results.length === 0
        ? t('numbers.assignDialog.noUsers')
        : t('numbers.assignDialog.found', { count: results.length });

  return (
    <Dialog open onOpenChange={(open) => (open || assign.isPending ? null : onClose())}>
      <DialogContent closeLabel={t('common.close')} className="max-w-lg">
        <DialogTitle>{t('numbers.assignDialog.title', { number: shown })}</DialogTitle>
        <DialogDescription>{t('numbers.assignDialog.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField
            ref={searchInput}
            label={t('numbers.assignDialog.search')}
            type="search"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            disabled={assign.isPending}
          />
          <p role="status" className="text-sm text-muted-foreground">
            {status}
          </p>
          {results.length > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">{t('numbers.assignDialog.results')}</legend>
              {results.map((user) => (
                <label
                  key={user.id}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    chosen?.id === user.id && 'border-primary bg-accent',
                  )}
                >
                  <input
                    type="radio"
                    name={groupName}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    checked={chosen?.id === user.id}
                    onChange={() => {
                      setSelected(user);
                      setInvalid(false);
                    }}
                    disabled={assign.isPending}
                  />
                  <span className="flex min-w-0 flex-col">
                    <AddressText truncate className="font-medium">
                      {user.email}
                    </AddressText>
                    {user.name ? <span className="text-muted-foreground">{user.name}</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <DialogFormButtons
            busy={assign.isPending}
            cancelLabel={t('common.cancel')}
            submitLabel={assign.isPending ? t('numbers.assignDialog.assigning') : t('numbers.assignDialog.submit')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
