import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { timeZoneLabel } from '@/lib/time-zones';
import { useTimeZone } from '@/lib/use-date-format';
import { useLanguage } from '@/lib/use-language';

import { formatScheduleDay, formatScheduleTime, scheduleDays, scheduleTimes, withScheduleDay } from '../utils/schedule';

type TScheduleFieldProps = {
  /** "2026-03-14T09:30" on the clock of the person's time zone, or '' to send now. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The optional marker beside the legend. */
  optional: ReactNode;
  /** The day's select: its ref (focus lands there when the time is refused) and aria-invalid. */
  dayProps: { ref: (element: HTMLElement | null) => void; 'aria-invalid'?: boolean };
};

/**
 * Send Later (spec 001 §2.6): a day and a time, written in the chosen language. The browser's date and time inputs
 * write them in the browser's language instead, so these are selects whose options Intl words: "samedi
 * 14 mars", "14:30". The days run to 30 days ahead and the times, every quarter of an hour, start after now. Both are
 * on the clock of the person's time zone (their profile's, else the browser's), as every other time of the portal,
 * and the zone is named under the field.
 */
export function ScheduleField({ value, onChange, disabled, optional, dayProps }: TScheduleFieldProps) {
  const { t } = useTranslation('faxes');
  const { language } = useLanguage();
  const timeZone = useTimeZone();
  const day = value.slice(0, 10);
  const time = value.slice(11, 16);
  // The options change with the minute, the language and the day, not with every keystroke elsewhere in the form.
  const minute = Math.floor(Date.now() / 60_000);
  const { days, times } = useMemo(() => {
    const now = new Date(minute * 60_000);
    // A choice that has since passed stays listed, so the select shows what would be sent (the check then refuses it).
    const dayValues = scheduleDays(now, timeZone);
    if (day && !dayValues.includes(day)) dayValues.unshift(day);
    const timeValues = day ? scheduleTimes(day, now, timeZone) : [];
    if (time && !timeValues.includes(time)) timeValues.unshift(time);
    return {
      days: dayValues.map((option) => ({ value: option, label: formatScheduleDay(option, language, now, timeZone) })),
      times: timeValues.map((option) => ({ value: option, label: formatScheduleTime(option, language) })),
    };
  }, [minute, language, timeZone, day, time]);

  return (
    <fieldset className="min-w-0 md:max-w-md" aria-describedby="fax-schedule-description fax-schedule-zone">
      <legend className="mb-3 text-sm leading-none font-medium">
        {t('send.scheduleLabel')} {optional}
      </legend>
      <div className="grid gap-3 sm:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="fax-schedule-day" className="font-normal">
            {t('send.scheduleDayLabel')}
          </Label>
          <NativeSelect
            id="fax-schedule-day"
            name="scheduleDay"
            value={day}
            onChange={(event) => onChange(withScheduleDay(value, event.target.value, new Date(), timeZone))}
            disabled={disabled}
            {...dayProps}
          >
            <option value="">{t('send.scheduleNow')}</option>
            {days.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="fax-schedule-time" className="font-normal">
            {t('send.scheduleTimeLabel')}
          </Label>
          <NativeSelect
            id="fax-schedule-time"
            name="scheduleTime"
            value={time}
            onChange={(event) => onChange(`${day}T${event.target.value}`)}
            disabled={disabled || !day}
          >
            {day ? null : <option value="">{t('send.scheduleNoTime')}</option>}
            {times.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p id="fax-schedule-description" className="mt-2 text-sm text-muted-foreground">
        {t('send.scheduleDescription')}
      </p>
      <p id="fax-schedule-zone" className="mt-1 text-sm text-muted-foreground">
        {t('send.scheduleTimeZone', { zone: timeZoneLabel(timeZone) })}
      </p>
    </fieldset>
  );
}
