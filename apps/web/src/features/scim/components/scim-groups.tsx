import type { TScimGroupMapping, TScimGroupSummary, TScimSettingsResponse } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';

import { useMapScimGroup } from '../api/scim-settings';

const ROLES = ['admin', 'user', 'billing'] as const;

/** A mapping as one select's value: "none", "role:admin", "inbox:<id>". */
const choiceOf = (mapping: TScimGroupMapping) =>
  mapping.target === 'role' ? `role:${mapping.role}` : mapping.target === 'inbox' ? `inbox:${mapping.inboxId}` : 'none';
function mappingOf(choice: string): TScimGroupMapping {
  const [target, value] = choice.split(':') as [string, string | undefined];
  if (target === 'role') return { target: 'role', role: value as (typeof ROLES)[number] };
  if (target === 'inbox') return { target: 'inbox', inboxId: value! };
  return { target: 'none' };
}

/** The identity provider's groups, each with what it maps to: a role, a shared inbox, or nothing. */
export function ScimGroups({ groups, inboxes }: Pick<TScimSettingsResponse, 'groups' | 'inboxes'>) {
  const { t } = useTranslation('scim');
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <h3 className="text-lg font-semibold">{t('groups.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('groups.intro')}</p>
      {groups.length === 0 ? (
        <p className="text-sm">{t('groups.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {groups.map((group) => (
            <GroupRow key={`${group.id}:${choiceOf(group.mapping)}`} group={group} inboxes={inboxes} />
          ))}
        </ul>
      )}
    </div>
  );
}

function GroupRow({ group, inboxes }: { group: TScimGroupSummary; inboxes: TScimSettingsResponse['inboxes'] }) {
  const { t } = useTranslation('scim');
  const id = useId();
  const map = useMapScimGroup();
  const [choice, setChoice] = useState(choiceOf(group.mapping));
  const name = group.displayName;

  const save = async () => {
    try {
      await map.mutateAsync({ id: group.id, mapping: mappingOf(choice) });
      toast({ title: t('toasts.mappedTitle'), description: t('toasts.mappedDescription', { name }) });
    } catch (error) {
      toast({ title: t('toasts.mapFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  };

  return (
    <li className="flex min-w-0 flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold break-words">{name}</span>
        <span className="text-sm text-muted-foreground">{t('groups.members', { count: group.members })}</span>
      </div>
      <div className="flex min-w-0 flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={id}>{t('groups.mapsTo', { name })}</Label>
          <NativeSelect id={id} value={choice} onChange={(event) => setChoice(event.target.value)} className="sm:w-64">
            <option value="none">{t('groups.nothing')}</option>
            <optgroup label={t('groups.roleGroup')}>
              {ROLES.map((role) => (
                <option key={role} value={`role:${role}`}>
                  {t(`groups.role.${role}`)}
                </option>
              ))}
            </optgroup>
            {inboxes.length > 0 ? (
              <optgroup label={t('groups.inboxGroup')}>
                {inboxes.map((inbox) => (
                  <option key={inbox.id} value={`inbox:${inbox.id}`}>
                    {inbox.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </NativeSelect>
        </div>
        <Button
          type="button"
          variant="outline"
          aria-label={t('groups.saveFor', { name })}
          disabled={map.isPending || choice === choiceOf(group.mapping)}
          onClick={() => void save()}
        >
          {map.isPending ? t('groups.saving') : t('groups.save')}
        </Button>
      </div>
    </li>
  );
}
