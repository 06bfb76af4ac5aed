import { MAX_BROADCAST_RECIPIENTS, MAX_SCHEDULE_DAYS } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ContactRecipientInput } from '@/features/address-book/components/contact-recipient-input';
import { BroadcastForm, type TBroadcastFormSlots } from '@/features/broadcasts/components/broadcast-form';
import { AttachmentPicker, type TAttachment } from '@/features/faxes/components/attachment-picker';
import { QualityField } from '@/features/faxes/components/quality-field';
import { SandboxNote } from '@/features/faxes/components/sandbox-note';
import { ScheduleField } from '@/features/faxes/components/schedule-field';
import { SendPrice } from '@/features/faxes/components/send-price';
import { checkSchedule } from '@/features/faxes/utils/schedule';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTimeZone } from '@/lib/use-date-format';

/** The send form's attachments, kept with their ids while the broadcast form holds plain files. */
function Attachments({ files, onChange, disabled }: Parameters<TBroadcastFormSlots['attachments']>[0]) {
  const [attachments, setAttachments] = useState<TAttachment[]>([]);
  // The form empties its files only by this picker: the picker's list is the one to show.
  const shown = attachments.filter((a) => files.includes(a.file));
  return (
    <AttachmentPicker
      attachments={shown}
      onChange={(next) => {
        setAttachments(next);
        onChange(next.map((a) => a.file));
      }}
      disabled={disabled}
    />
  );
}

/** The address book's suggestions as a way to add one contact after another (the field empties once one is chosen). */
function ContactPicker({ id, describedBy, onChoose, disabled }: Parameters<TBroadcastFormSlots['contactInput']>[0]) {
  const [typed, setTyped] = useState('');
  return (
    <ContactRecipientInput
      id={id}
      value={typed}
      autoComplete="off"
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => setTyped(event.target.value)}
      onChoose={(choice) => {
        onChoose(choice);
        setTyped('');
      }}
    />
  );
}

/**
 * /user/broadcasts/new (decision 111): the broadcast form, given the send form's parts (files, quality, send time,
 * price) and the address book's suggestions; the features meet here, not in each other.
 */
export default function NewBroadcastRoute() {
  const { t, i18n } = useTranslation(['broadcasts', 'messages', 'faxes']);
  const timeZone = useTimeZone();
  useDocumentTitle(t('form.title'));
  const slots: TBroadcastFormSlots = {
    attachments: (props) => <Attachments {...props} />,
    quality: (props) => <QualityField {...props} />,
    schedule: ({ value, onChange, disabled, optional }) => (
      <ScheduleField value={value} onChange={onChange} disabled={disabled} optional={optional} dayProps={{ ref: () => undefined }} />
    ),
    checkSchedule: (value) => {
      const checked = checkSchedule(value, new Date(), timeZone);
      if (checked.ok) return checked;
      const message = {
        invalid: t('form.scheduleInvalid'),
        past: t('form.scheduleInPast'),
        tooFar: t('form.scheduleTooFar', { days: MAX_SCHEDULE_DAYS }),
      }[checked.problem];
      return { ok: false, message };
    },
    price: ({ quote, error }) => <SendPrice quote={quote} error={error} />,
    contactInput: (props) => <ContactPicker {...props} />,
  };
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('form.title')}</h1>
        <p className="text-muted-foreground">
          {t('form.intro', { max: new Intl.NumberFormat(i18n.language).format(MAX_BROADCAST_RECIPIENTS) })}
        </p>
      </div>
      <SandboxNote />
      <BroadcastForm slots={slots} />
    </section>
  );
}
