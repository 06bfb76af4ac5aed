import { cn } from '@/lib/utils';

type TMeterBarProps = {
  /** What is measured ("Pages used this month"). */
  label: string;
  value: number;
  max: number;
  /** The same in words ("12 of 150 pages"), for screen readers. */
  valueText: string;
  /** How full the bar is drawn, 0 to 100. */
  percent: number;
};

/** A measure against its limit as a bar, red from 90 %: pages used against the plan's pages. */
export function MeterBar({ label, value, max, valueText, percent }: TMeterBarProps) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted ring-1 ring-input/40 ring-inset"
    >
      <div className={cn('h-full rounded-full', percent >= 90 ? 'bg-destructive' : 'bg-primary')} style={{ width: `${percent}%` }} />
    </div>
  );
}
