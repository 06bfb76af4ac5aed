import type { TSendFaxResponse } from '@faxline/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { formatNumber } from '../utils/format';

import { CheckCircleIcon } from './fax-icons';

export type TSentFax = { number: string; line: TSendFaxResponse['line']; message: string };

/** After a send: what was accepted, over which line, and the way to follow it. Stays until the next send. */
export function SentNotice({ fax }: { fax: TSentFax }) {
  const { t } = useTranslation(['faxes', 'messages']);
  const ref = useRef<HTMLDivElement>(null);
  // The form was just cleared; focus comes here rather than being lost with the disabled button.
  useEffect(() => ref.current?.focus(), [fax]);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="flex gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 outline-hidden"
    >
      <CheckCircleIcon className="mt-0.5 size-5 text-emerald-700" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{fax.message || t('messages:faxes.accepted', { number: formatNumber(fax.number, fax.number) })}</p>
        {fax.line === 'sandbox' ? <p>{t('send.sentSandbox')}</p> : null}
        <Link to={paths.user.faxHistory.getHref()} className="font-medium text-emerald-900 underline underline-offset-4">
          {t('send.followInHistory')}
        </Link>
      </div>
    </div>
  );
}
