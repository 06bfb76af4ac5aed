import { useTranslation } from 'react-i18next';

/** The platform's welcome message, set in the back office; plain text, its line breaks kept. */
export function WelcomeMessage({ message }: { message: string }) {
  const { t } = useTranslation('user');
  return (
    <aside
      aria-label={t('dashboard.welcomeMessageLabel')}
      className="rounded-lg border border-primary/30 bg-accent p-4 text-accent-foreground"
    >
      <p className="whitespace-pre-line">{message}</p>
    </aside>
  );
}
