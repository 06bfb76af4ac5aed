import type { TLanguage } from '@faxline/shared';
import type { ReactNode } from 'react';

// Drawn rather than emoji: Windows shows emoji flags as two letters, and some systems have no emoji font at all.
// English takes the United States flag (prices in dollars, support on Pacific time).
const FLAGS: Record<TLanguage, ReactNode> = {
  en: (
    <>
      <rect width="21" height="15" fill="#b22234" />
      <path d="M0 2.3h21M0 4.6h21M0 6.9h21M0 9.2h21M0 11.5h21M0 13.8h21" stroke="#fff" strokeWidth="1.15" />
      <rect width="9" height="8" fill="#3c3b6e" />
    </>
  ),
  es: (
    <>
      <rect width="21" height="15" fill="#aa151b" />
      <rect y="3.75" width="21" height="7.5" fill="#f1bf00" />
    </>
  ),
  fr: (
    <>
      <rect width="21" height="15" fill="#fff" />
      <rect width="7" height="15" fill="#002395" />
      <rect x="14" width="7" height="15" fill="#ed2939" />
    </>
  ),
};

/** A small flag beside a language's name; decorative, since the name says it (spec 000 §3: code, name, flag). */
export function LanguageFlag({ language }: { language: TLanguage }) {
  return (
    <svg
      viewBox="0 0 21 15"
      width="21"
      height="15"
      aria-hidden="true"
      focusable="false"
      className="shrink-0 rounded-[2px] ring-1 ring-black/15"
    >
      {FLAGS[language]}
    </svg>
  );
}
