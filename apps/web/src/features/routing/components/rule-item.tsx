import type { TRoutingRule } from '@faxline/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ArrowDownIcon, ArrowUpIcon } from '@/components/ui/icons';
import { SettingSwitch } from '@/components/ui/setting-switch';

/** What a button of the rule asks its list to do. */
export type TRuleAction = 'edit' | 'delete';

type TRuleItemProps = {
  rule: TRoutingRule;
  /** The rule's id prefix: `${base}-up` and `${base}-down` are its move buttons, which keep focus as it moves. */
  base: string;
  position: number;
  first: boolean;
  last: boolean;
  summary: string;
  /** Shown while a change of the rule is on its way: the switch shows what was asked for. */
  enabled: boolean;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onMove: (step: -1 | 1) => void;
  onAsk: (action: TRuleAction, trigger: HTMLButtonElement) => void;
};

/** One rule in the order: its place and name, on or off, what it does in one line, and its buttons. */
export function RuleItem({ rule, base, position, first, last, summary, enabled, busy, onToggle, onMove, onAsk }: TRuleItemProps) {
  const { t } = useTranslation('routing');
  const { name } = rule;
  const ask = (action: TRuleAction) => (event: MouseEvent<HTMLButtonElement>) => onAsk(action, event.currentTarget);

  return (
    <li aria-labelledby={`${base}-name`} className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={`${base}-name`} className="font-semibold break-words">
          <span className="text-muted-foreground">{t('rules.list.position', { position })}</span> {name}
        </h3>
        <p className="text-sm break-words text-muted-foreground">{summary}</p>
      </div>
      <SettingSwitch
        id={`${base}-enabled`}
        label={
          <>
            <span aria-hidden="true">{t('rules.list.enabled')}</span>
            <span className="sr-only">{t('rules.list.enabledFor', { name })}</span>
          </>
        }
        description={t('rules.list.enabledHint')}
        checked={enabled}
        onChange={onToggle}
        disabled={busy}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          id={`${base}-up`}
          type="button"
          size="sm"
          variant="outline"
          disabled={first || busy}
          aria-label={t('rules.list.moveUpNamed', { name })}
          onClick={() => onMove(-1)}
        >
          <ArrowUpIcon aria-hidden="true" className="size-4" />
          {t('rules.list.moveUp')}
        </Button>
        <Button
          id={`${base}-down`}
          type="button"
          size="sm"
          variant="outline"
          disabled={last || busy}
          aria-label={t('rules.list.moveDownNamed', { name })}
          onClick={() => onMove(1)}
        >
          <ArrowDownIcon aria-hidden="true" className="size-4" />
          {t('rules.list.moveDown')}
        </Button>
        <Button type="button" size="sm" variant="outline" aria-label={t('rules.list.editNamed', { name })} onClick={ask('edit')}>
          {t('rules.list.edit')}
        </Button>
        <Button type="button" size="sm" variant="outline" aria-label={t('rules.list.deleteNamed', { name })} onClick={ask('delete')}>
          {t('rules.list.delete')}
        </Button>
      </div>
    </li>
  );
}
