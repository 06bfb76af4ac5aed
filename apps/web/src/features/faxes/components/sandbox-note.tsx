import { formatPhoneInternational, SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { usePlatformStatus, type TPlatformStatus } from '@/lib/platform/use-platform-info';

import { FlaskIcon } from './fax-icons';

/**
 * DESIGN.md "Fax lines": the UI shows when the sandbox line is in use. In development every number outside Faxline
 * goes over it; in production only its test numbers do, and another outside number goes over the operator's real line
 * (HylaFAX) when one serves it, or is refused. Its test numbers choose an outcome.
 */
export function SandboxNote() {
  const { t } = useTranslation('faxes');
  /** Which line takes a number outside Faxline, as this server is configured: a real one, the sandbox, or none. */
  function lineNote({ sandboxLine, outsideLine }: TPlatformStatus): string {
    if (outsideLine === 'all') return t('send.realLineNote');
    if (outsideLine)
      return t(sandboxLine === 'test-numbers' ? 'send.realLinePrefixesNoteTestNumbers' : 'send.realLinePrefixesNote', {
        prefixes: outsideLine.join(', '),
      });
    return sandboxLine === 'test-numbers' ? t('send.sandboxNoteTestNumbers') : t('send.sandboxNote');
  }
  // Said once the server has told which numbers the sandbox takes, never guessed before.
  const platform = usePlatformStatus().data;
  return (
    <aside
      aria-labelledby="sandbox-note-title"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <FlaskIcon className="mt-0.5 size-5" />
      <div className="flex flex-col gap-2">
        <h2 id="sandbox-note-title" className="font-semibold">
          {t('send.sandboxTitle')}
        </h2>
        {platform ? <p>{lineNote(platform)}</p> : null}
        <details>
          <summary className="cursor-pointer font-medium underline-offset-4 hover:underline">{t('send.sandboxNumbersSummary')}</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {(Object.entries(SANDBOX_TEST_NUMBERS) as [keyof typeof SANDBOX_TEST_NUMBERS, string][]).map(([outcome, number]) => (
              <li key={outcome}>
                <span className="font-mono" translate="no">
                  {formatPhoneInternational(number)}
                </span>
                : {t(`send.sandboxNumber.${outcome}`)}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </aside>
  );
}
