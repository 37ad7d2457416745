/**
 * Voice calls on every page (issue 18, spec 4, decision 0051), loaded after idle (VoiceCallMount).
 *
 * - A logged-in guest's pages hear `voicecallStart` (the call's notice appears) and `voicecallStop`:
 *   for the call this page shows (matching `voicecallIdHash`) the page reloads, deferred while the live
 *   chat's exit dialog is open (spec 4).
 * - `?voicecall=<actorId>` opens the anonymous voice caller's dialog: the code the phone said; 2000
 *   connects, any other code is said as an error; a logged-out page reloads 100 ms after close or
 *   success (spec 4). After the reload the visitor session's state says `isAnonymousVoicecall`; a
 *   visitor has no socket, so the notice re-reads the state every POLL_MS and reloads at the end.
 */
import type { Language } from '@vela/contracts/common';
import type { VoiceCallState } from '@vela/contracts/voicecall';
import { VOICE_CALL_TAB_KEY, VOICE_CALL_VISITOR_RELOAD_MS } from '@vela/domain/voice-call';
import { voiceCallMessages } from '@vela/i18n/messages/voicecall';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useViewer } from '../auth/useViewer.tsx';
import { useSocketMessage } from '../realtime/hooks/useSocketMessage.ts';
import { AnonymousVoiceCallDialog } from './AnonymousVoiceCallDialog.tsx';
import './voicecall.css';

type Call = NonNullable<VoiceCallState['call']>;

/** sessionStorage: this tab joined an anonymous voice call (read the state after the reload). */
const ANONYMOUS_CALL_KEY = VOICE_CALL_TAB_KEY;
const POLL_MS = 10_000;

/** Reloads now, or once the live chat's exit dialog (its close button) is gone. */
export function reloadAfterExitDialog(doc: Document = document, reload = () => window.location.reload()) {
  const open = () => doc.querySelector('[data-live-close]') !== null;
  if (!open()) {
    reload();
    return;
  }
  const observer = new MutationObserver(() => {
    if (open()) return;
    observer.disconnect();
    reload();
  });
  observer.observe(doc.body, { childList: true, subtree: true });
}

function tokenDialogActor(search: string): number | null {
  const value = new URLSearchParams(search).get('voicecall');
  if (value === null) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export default function VoiceCallSlot({ lang }: { lang: Language }) {
  const t = useMemo(() => translator(voiceCallMessages, lang), [lang]);
  const { loggedIn: isLoggedIn } = useViewer();
  const [call, setCall] = useState<Call | null>(null);
  const [dialogActor, setDialogActor] = useState<number | null>(() =>
    tokenDialogActor(window.location.search),
  );

  useSocketMessage('voicecallStart', (message) =>
    setCall({
      voicecallIdHash: message.voicecallIdHash,
      actorId: message.actorId,
      actorName: message.actorName,
      startedAt: new Date().toISOString(),
      centsPerMinute: 0,
    }),
  );
  useSocketMessage('voicecallStop', (message) => {
    if (call && call.voicecallIdHash === message.voicecallIdHash) reloadAfterExitDialog();
  });

  // The anonymous voice caller's tab (no socket): the state, re-read until the call ends.
  useEffect(() => {
    if (isLoggedIn || window.sessionStorage.getItem(ANONYMOUS_CALL_KEY) === null) return;
    let stopped = false;
    let known: string | null = null;
    const read = async () => {
      const { loadVoiceCallState } = await import('./voiceCallApi.ts');
      const state = await loadVoiceCallState().catch(() => null);
      if (stopped || !state) return;
      if (state.isAnonymousVoicecall && state.call) {
        known = state.call.voicecallIdHash;
        setCall(state.call);
      } else {
        window.sessionStorage.removeItem(ANONYMOUS_CALL_KEY);
        if (known !== null) reloadAfterExitDialog();
        stopped = true;
      }
    };
    void read();
    const timer = window.setInterval(() => void read(), POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [isLoggedIn]);

  const closeDialog = useCallback(
    (joined: boolean) => {
      setDialogActor(null);
      if (joined) window.sessionStorage.setItem(ANONYMOUS_CALL_KEY, '1');
      // The address asked for the dialog once: not again after the reload.
      const url = new URL(window.location.href);
      url.searchParams.delete('voicecall');
      window.history.replaceState(window.history.state, '', url);
      // Spec 4: a logged-out guest's page reloads 100 ms after the dialog's close or success.
      if (!isLoggedIn) window.setTimeout(() => window.location.reload(), VOICE_CALL_VISITOR_RELOAD_MS);
    },
    [isLoggedIn],
  );

  return (
    <>
      {call ? (
        <aside
          className="voicecall-notice"
          role="status"
          aria-live="polite"
          data-voicecall={call.voicecallIdHash}
        >
          <p className="voicecall-notice__text">{t('active', { name: call.actorName })}</p>
          <p className="voicecall-notice__hint">{t('activeHint')}</p>
          <a
            className="button button--primary"
            href={pathFor('Actor/LiveShow', lang, { actorName: call.actorName.toLowerCase() })}
          >
            {t('openProfile', { name: call.actorName })}
          </a>
        </aside>
      ) : null}
      {dialogActor !== null ? (
        <AnonymousVoiceCallDialog lang={lang} actorId={dialogActor} t={t} onClose={closeDialog} />
      ) : null}
    </>
  );
}
