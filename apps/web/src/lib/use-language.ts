import type { TLanguage } from '@faxline/shared';
import { createContext, useContext } from 'react';

export type TLanguageContext = {
  language: TLanguage;
  setLanguage: (language: TLanguage) => void;
  languages: readonly TLanguage[];
};

export const LanguageContext = createContext<TLanguageContext | null>(null);

export function useLanguage(): TLanguageContext {
  const context = useContext(LanguageContext);
  // Fail loudly: a silent default would hide a component rendered outside the app's providers (spec 000 §8).
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}
