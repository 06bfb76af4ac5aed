import type { ComponentType, ReactNode } from 'react';

/** An area's logo, a link to its first page; `compact` shows the mark only. */
export type TAreaLogo = ComponentType<{ compact?: boolean; onClick?: () => void }>;

/** An area's entries; `onNavigate` closes the phone drawer. */
export type TAreaLinks = (props: { collapsed: boolean; onNavigate?: () => void }) => ReactNode;

/** The words of an area's frame, in its own namespace (each area's spec names its navigation its own way). */
export type TAreaTexts = {
  navLabel: string;
  expandSidebar: string;
  collapseSidebar: string;
  openNavigation: string;
  closeNavigation: string;
};
