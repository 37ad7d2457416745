/**
 * Consent state for the page. Starts from the server-read cookie (so the banner never flashes for
 * a returning visitor); saving writes the `vela_consent` cookie. `useConsent()` is how features
 * ask: functional consent gates recent-search storage, analytics consent gates tracking.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import {
  type ConsentChoice,
  type ConsentState,
  consentCookieString,
  consentOf,
  FUNCTIONAL_STORAGE_KEYS,
} from '../consent.ts';

export interface ConsentApi {
  /** null until the visitor decides. */
  consent: ConsentState | null;
  functional: boolean;
  analytics: boolean;
  /** The banner is shown: first visit, or reopened from "cookie settings". */
  bannerOpen: boolean;
  save(choice: ConsentChoice): void;
  /** Reopens the banner (cookie settings); focus returns to `returnFocusTo` (default: the focused element) after saving. */
  openSettings(returnFocusTo?: HTMLElement | null): void;
}

const ConsentContext = createContext<ConsentApi | null>(null);

function forgetFunctionalStorage(): void {
  try {
    for (const key of FUNCTIONAL_STORAGE_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode): nothing stored, nothing to forget.
  }
}

export function ConsentProvider({
  initial,
  children,
}: {
  initial: ConsentState | null;
  children: ReactNode;
}) {
  const [consent, setConsent] = useState<ConsentState | null>(initial);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const save = useCallback((choice: ConsentChoice) => {
    const next = consentOf(choice);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser; the value is built by consentCookieString
    document.cookie = consentCookieString(next, window.location.protocol === 'https:');
    if (!next.functional) forgetFunctionalStorage();
    setConsent(next);
    setSettingsOpen(false);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) requestAnimationFrame(() => back.focus());
  }, []);

  const openSettings = useCallback((returnFocusTo?: HTMLElement | null) => {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    opener.current = returnFocusTo ?? active;
    setSettingsOpen(true);
  }, []);

  const value = useMemo<ConsentApi>(
    () => ({
      consent,
      functional: consent?.functional ?? false,
      analytics: consent?.analytics ?? false,
      bannerOpen: consent === null || settingsOpen,
      save,
      openSettings,
    }),
    [consent, settingsOpen, save, openSettings],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentApi {
  const api = useContext(ConsentContext);
  if (!api) throw new Error('useConsent must be used inside <AppShell>');
  return api;
}
