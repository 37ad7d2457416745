/**
 * Voice calls on every page (issue 18, spec 4, decision 0051), loaded after idle (VoiceCallMount).
 *
 * - A logged-in guest's page learns the call from its socket (VoiceCallMount: `voicecallStart`, or the
 *   snapshot of the `ackSession` for a page opened — or reconnected — after the start; no request of
 *   its own) and its end from `voicecallStop` (or a reconnect's snapshot without it): for the call this
 *   page shows (matching `voicecallIdHash`) the page reloads, deferred while the live chat's exit
 *   dialog is open (spec 4).
 * - The call's video and chat: the server opened a `voice-call` live session at the start; the slot
 *   asks for it (`voicecall/video`, which opens it again after it ended otherwise), keeps its id for
 *   the tab where the live-show tab resumes a chat, and at the start goes to the performer's
 *   live-show tab (spec 4 "Voice call start sets active (may force reload)"): the video, the chat,
 *   "Paid by your phone call", no cost meter. A refusal (no age check, the performer busy, another
 *   chat) is said; the call goes on.
 * - `?voicecall=<actorId>` opens the anonymous voice caller's dialog: the code the phone said; 2000
 *   connects, any other code is said as an error; a logged-out page reloads 100 ms after close or
 *   success (spec 4). After the reload the visitor session's state says `isAnonymousVoicecall` and
 *   names the call's video (`call.liveSessionId`, owned by the call's stand-in, decision 0051): the
 *   slot keeps it for the tab and goes to the performer's live-show tab, where LiveChatSection resumes
 *   it (the tab's socket opens with the session's token). Without it (the line did not check the
 *   caller's age) the notice says why. The notice re-reads the state every POLL_MS and reloads at
 *   the end (or at `voicecallStop`, which the caller's socket hears).
 */
import type { Language } from '@vela/contracts/common';
import type { VoiceCallState } from '@vela/contracts/voicecall';
import { VOICE_CALL_TAB_KEY, VOICE_CALL_VISITOR_RELOAD_MS } from '@vela/domain/voice-call';
import { voiceCallMessages } from '@vela/i18n/messages/voicecall';
import { pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useViewer } from '../auth/useViewer.tsx';
import { liveTabSessionKey } from '../live/state/tabSession.ts';
import { AnonymousVoiceCallDialog } from './AnonymousVoiceCallDialog.tsx';
import type { VoiceCallSocketState } from './voiceCallSocket.ts';
import './voicecall.css';

type Call = NonNullable<VoiceCallState['call']>;

/**
 * sessionStorage: this tab joined an anonymous voice call (read the state after the reload); its
 * value is the video's refusal code when the entry answered one, else '1'.
 */
const ANONYMOUS_CALL_KEY = VOICE_CALL_TAB_KEY;
const JOINED = '1';
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

/** The call's video on this page: being opened, open on the live-show tab, or why not. */
type Video = { status: 'opening' } | { status: 'open'; onTab: boolean } | { status: 'refused'; code: string };
const VIDEO_REFUSALS = ['NEED_AGE_CHECK', 'PERFORMER_IN_SINGLE', 'GUEST_IN_CHAT'] as const;
const refusalKey = (code: string) =>
  (VIDEO_REFUSALS as readonly string[]).includes(code)
    ? (`video${code as (typeof VIDEO_REFUSALS)[number]}` as const)
    : 'videoOther';

/** Whether the live-show tab's room shows a chat now (its video and chat take the notice's place). */
function useLiveRoomShowing(watch: boolean): boolean {
  const [showing, setShowing] = useState(false);
  useEffect(() => {
    if (!watch) return;
    const read = () => setShowing(document.querySelector(LIVE_ROOM_SHOWING) !== null);
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-live-phase'],
    });
    return () => observer.disconnect();
  }, [watch]);
  return watch && showing;
}

const LIVE_ROOM_SHOWING = '.live-room[data-live-phase="live"]';
/** How long the stop waits for the call's video to end (its `chatEnd`) before it reloads anyway. */
const VIDEO_END_WAIT_MS = 5_000;

/**
 * Runs `then` once the live room shows no running chat: the call's video ends with it (903/904) and
 * its exit dialog opens, which the stop's reload waits for (spec 4); the `chatEnd` may come after
 * the stop.
 */
export function afterLiveRoomEnds(then: () => void, doc: Document = document, waitMs = VIDEO_END_WAIT_MS) {
  const showing = () => doc.querySelector(LIVE_ROOM_SHOWING) !== null;
  if (!showing()) {
    then();
    return;
  }
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    observer.disconnect();
    window.clearTimeout(timer);
    then();
  };
  const observer = new MutationObserver(() => {
    if (!showing()) done();
  });
  const timer = window.setTimeout(done, waitMs);
  observer.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-live-phase'],
  });
}

function tokenDialogActor(search: string): number | null {
  const value = new URLSearchParams(search).get('voicecall');
  if (value === null) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export default function VoiceCallSlot({
  lang,
  socketCall,
}: {
  lang: Language;
  /** What the socket said about the guest's call (VoiceCallMount). */
  socketCall: VoiceCallSocketState;
}) {
  const t = useMemo(() => translator(voiceCallMessages, lang), [lang]);
  const { loggedIn: isLoggedIn } = useViewer();
  const [call, setCall] = useState<Call | null>(null);
  const [dialogActor, setDialogActor] = useState<number | null>(() =>
    tokenDialogActor(window.location.search),
  );

  const [video, setVideo] = useState<Video | null>(null);
  /** The call started while this page was open: go to the performer's live-show tab once. */
  const follow = useRef(false);

  const openVideo = useCallback(
    async (target: Call, reopen: boolean) => {
      setVideo({ status: 'opening' });
      try {
        const { openVoiceCallVideo } = await import('./voiceCallApi.ts');
        const answer = await openVoiceCallVideo();
        const sessionId = answer.state.call?.liveSessionId ?? null;
        if (!sessionId) {
          setVideo({ status: 'refused', code: answer.refusal?.code ?? 'VIDEO_FAILED' });
          return;
        }
        const key = liveTabSessionKey(target.actorId);
        const known = window.sessionStorage.getItem(key);
        window.sessionStorage.setItem(key, sessionId);
        const livePath = pathFor('Actor/LiveShow', lang, { actorName: target.actorName.toLowerCase() });
        const onTab = window.location.pathname === livePath;
        setVideo({ status: 'open', onTab });
        // The live-show tab resumes the tab's chat when it loads: load it with the call's.
        if (onTab && (known !== sessionId || reopen)) window.location.reload();
        else if (!onTab && follow.current) window.location.assign(livePath);
        follow.current = false;
      } catch {
        setVideo({ status: 'refused', code: 'VIDEO_FAILED' });
      }
    },
    [lang],
  );

  /** The call of the socket this page acted on (its video asked for once per call). */
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const next = socketCall.call;
    if (!next || handled.current === next.voicecallIdHash) return;
    handled.current = next.voicecallIdHash;
    if (socketCall.stopped === next.voicecallIdHash) return;
    setCall(next);
    // Started while this page was open: its video, on the performer's live-show tab. Known from the
    // snapshot (a page opened or reconnected after the start): the notice and the video, no jump.
    follow.current = socketCall.startedHere;
    void openVideo(next, false);
  }, [socketCall, openVideo]);

  /**
   * The anonymous voice caller's video (decision 0051): kept for the tab; the performer's live-show
   * tab shows it (a page elsewhere goes there once per session, the tab itself loads it again).
   */
  const showCallersVideo = useCallback(
    (target: Call) => {
      const refused = window.sessionStorage.getItem(ANONYMOUS_CALL_KEY);
      if (!target.liveSessionId) {
        setVideo(refused && refused !== JOINED ? { status: 'refused', code: refused } : null);
        return;
      }
      const key = liveTabSessionKey(target.actorId);
      const known = window.sessionStorage.getItem(key);
      window.sessionStorage.setItem(key, target.liveSessionId);
      const livePath = pathFor('Actor/LiveShow', lang, { actorName: target.actorName.toLowerCase() });
      const onTab = window.location.pathname === livePath;
      setVideo({ status: 'open', onTab });
      if (known === target.liveSessionId) return;
      if (onTab) window.location.reload();
      else window.location.assign(livePath);
    },
    [lang],
  );

  // On the performer's live-show tab the running video and chat stand in for the notice; when that
  // session ends otherwise (the performer offline, the guest left it) the notice is back to reopen it.
  const roomShowing = useLiveRoomShowing(video?.status === 'open' && video.onTab);

  /** The call ended (its stop came): the notice says so until the deferred reload. */
  const [ended, setEnded] = useState(false);
  const stopped = socketCall.stopped;
  const endedHash = useRef<string | null>(null);
  useEffect(() => {
    if (!call || call.voicecallIdHash !== stopped || endedHash.current === stopped) return;
    endedHash.current = stopped;
    setEnded(true);
    afterLiveRoomEnds(() => reloadAfterExitDialog());
  }, [call, stopped]);

  // The anonymous voice caller's tab (a visitor's socket: no snapshot): the state, re-read until the
  // call ends.
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
        showCallersVideo(state.call);
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
  }, [isLoggedIn, showCallersVideo]);

  const closeDialog = useCallback(
    (joined: boolean, refusal: string | null = null) => {
      setDialogActor(null);
      if (joined) window.sessionStorage.setItem(ANONYMOUS_CALL_KEY, refusal ?? JOINED);
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
      {call && !roomShowing ? (
        <aside
          className="voicecall-notice"
          role="status"
          aria-live="polite"
          data-voicecall={call.voicecallIdHash}
        >
          {ended ? (
            <p className="voicecall-notice__text">{t('ended')}</p>
          ) : (
            <>
              <p className="voicecall-notice__text">{t('active', { name: call.actorName })}</p>
              <p className="voicecall-notice__hint">{t('activeHint')}</p>
              {video?.status === 'opening' ? (
                <p className="voicecall-notice__hint" aria-busy="true">
                  {t('videoOpening')}
                </p>
              ) : video?.status === 'refused' ? (
                <p className="voicecall-notice__hint" data-voicecall-video-refused={video.code}>
                  {t(refusalKey(video.code), { name: call.actorName })}
                </p>
              ) : null}
              {video?.status === 'open' && video.onTab ? null : (
                <a
                  className="button button--primary"
                  href={pathFor('Actor/LiveShow', lang, { actorName: call.actorName.toLowerCase() })}
                >
                  {isLoggedIn || video?.status === 'open'
                    ? t('watch', { name: call.actorName })
                    : t('openProfile', { name: call.actorName })}
                </a>
              )}
              {isLoggedIn && (video?.status === 'refused' || (video?.status === 'open' && video.onTab)) ? (
                <button type="button" className="button" onClick={() => void openVideo(call, true)}>
                  {t('videoAgain')}
                </button>
              ) : null}
            </>
          )}
        </aside>
      ) : null}
      {dialogActor !== null ? (
        <AnonymousVoiceCallDialog lang={lang} actorId={dialogActor} t={t} onClose={closeDialog} />
      ) : null}
    </>
  );
}
