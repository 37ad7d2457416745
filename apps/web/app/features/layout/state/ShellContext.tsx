import type { Language } from '@vela/contracts/common';
import { type ShellMessageKey, shellMessages } from '@vela/i18n/messages/shell';
import { type Translate, translator } from '@vela/i18n/translate';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

export interface Shell {
  lang: Language;
  brandName: string;
  alternates: Record<Language, string>;
  t: Translate<ShellMessageKey>;
}

const ShellContext = createContext<Shell | null>(null);

export function ShellProvider({
  lang,
  brandName,
  alternates,
  children,
}: Omit<Shell, 't'> & { children: ReactNode }) {
  const value = useMemo(
    () => ({ lang, brandName, alternates, t: translator(shellMessages, lang) }),
    [lang, brandName, alternates],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <AppShell>');
  return shell;
}
