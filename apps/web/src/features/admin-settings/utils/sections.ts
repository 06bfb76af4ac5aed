/**
 * The hub's sections in page order. The anchors other than general-settings are the spec's (spec 001 §2.11): links
 * elsewhere (the avatar menu, the dashboard) may point straight at them.
 */
export const SETTINGS_SECTIONS = [
  { id: 'general-settings', key: 'general' },
  { id: 'contact-details-settings', key: 'contact' },
  { id: 'advanced-security-settings', key: 'security' },
  { id: 'api-settings', key: 'api' },
  { id: 'fax-carrier-settings', key: 'carriers' },
  { id: 'payment-gateway-settings', key: 'payment' },
  { id: 'notification-settings', key: 'notifications' },
  { id: 'backup-restore-settings', key: 'backup' },
  { id: 'theme-customization-settings', key: 'theme' },
  { id: 'third-party-integrations', key: 'integrations' },
] as const;

export type TSettingsSectionKey = (typeof SETTINGS_SECTIONS)[number]['key'];

export const sectionId = (key: TSettingsSectionKey) => SETTINGS_SECTIONS.find((section) => section.key === key)!.id;
