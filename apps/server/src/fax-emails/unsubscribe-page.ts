import type { TLanguage } from '@faxline/shared';
import { renderLinkPage } from '../email/link-page';

export type UnsubscribePage = {
  language: TLanguage;
  title: string;
  paragraphs: string[];
  /** The button that unsubscribes, posting to `action`. */
  confirm?: { label: string; action: string };
  settings: { label: string; url: string };
};

/** The pages an unsubscribe link opens; the button posts what a mail client's one-click unsubscribe posts (RFC 8058). */
export const renderUnsubscribePage = ({ settings, confirm, ...page }: UnsubscribePage): string =>
  renderLinkPage({
    ...page,
    link: settings,
    ...(confirm ? { confirm: { ...confirm, fields: [{ name: 'List-Unsubscribe', value: 'One-Click' }] } } : {}),
  });
