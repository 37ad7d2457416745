/**
 * Spec 2 modal `video-with-player` (issue 17 deliverables 2 and 7) for the video of the page's
 * `?video=<id>`: the title, the performer (a link to the profile), the length and the age rating; the
 * player fed by `watch/start` (a preview says so and, at its end, offers the purchase); like/dislike
 * and sharing; the recommendations (same performer, others) as tiles that open the next video. A video
 * that cannot play says why and what to do: log in, verify the age (the site's dialogs), gone (404),
 * blocked in this country, or a failure to retry.
 */
import type { Language } from '@vela/contracts/common';
import { pathFor } from '@vela/i18n/routes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useViewer } from '../../auth/useViewer.tsx';
import { formatDuration } from '../../catalog/format.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import type { ModalComponentProps } from '../../modals/registry.ts';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { BuyButton } from '../../purchase/components/BuyButton.tsx';
import { ShareVideoForm } from '../../videos/components/ShareVideoForm.tsx';
import { VideoRatingButtons } from '../../videos/components/VideoRatingButtons.tsx';
import { loadPlayable, type PlayableVideo, type PlaybackProblem, problemOf } from '../api.ts';
import { type PlayerT, usePlayerT } from '../usePlayerT.ts';
import { videoIdOfSearch } from '../videoQuery.ts';
import '../player.css';
import { Recommendations } from './Recommendations.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';

type Load =
  | { status: 'loading'; videoId: number | null }
  | { status: 'ready'; videoId: number; playable: PlayableVideo }
  | { status: 'error'; videoId: number | null; problem: PlaybackProblem };

function Problem({ problem, t, retry }: { problem: PlaybackProblem; t: PlayerT; retry: () => void }) {
  const dialog = usePaymentDialog();
  const text = {
    'need-login': t('needLogin'),
    'need-age-check': t('needAgeCheck'),
    'not-found': t('notFound'),
    blocked: t('blocked'),
    failed: t('failed'),
  }[problem];
  return (
    <div className="player-modal__problem" role="alert" data-player-problem={problem}>
      <p>{text}</p>
      {problem === 'need-login' ? (
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => dialog.open('login')}
        >
          {t('logIn')}
        </button>
      ) : null}
      {problem === 'need-age-check' ? (
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => dialog.open('avs')}
        >
          {t('verifyAge')}
        </button>
      ) : null}
      {problem === 'failed' ? (
        <button type="button" className="shell-button" onClick={retry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}

function PreviewOffer({
  playable,
  t,
  onBought,
  onAgain,
}: {
  playable: PlayableVideo;
  t: PlayerT;
  onBought: () => void;
  onAgain: () => void;
}) {
  const { video } = playable;
  return (
    <div className="player-modal__offer" role="status" data-player-offer="">
      <p className="player-modal__offer-title">{t('previewEnded')}</p>
      <p>
        <strong>{t('buyToWatch')}</strong>
      </p>
      <BuyButton
        itemType="video"
        itemId={video.id}
        actorId={video.actor.id}
        price={video.price}
        basePrice={video.basePrice}
        ageRating={video.ageRating}
        vip={video.vip}
        bought={video.guestInfo.bought}
        flatrate={video.guestInfo.flatrate}
        onBought={onBought}
      />
      <button type="button" className="shell-button" onClick={onAgain}>
        {t('watchAgain')}
      </button>
    </div>
  );
}

function Facts({ playable, lang, t }: { playable: PlayableVideo; lang: Language; t: PlayerT }) {
  const { video, start } = playable;
  return (
    <>
      <p className="player-modal__facts">
        <Link to={pathFor('Actor', lang, { actorName: video.actor.slug })}>
          {t('byActor', { name: video.actor.name })}
        </Link>
        <span>{t('duration', { duration: formatDuration(video.duration) })}</span>
        <span className="badge">{t('ageRating', { rating: video.ageRating })}</span>
      </p>
      {start.access === 'preview' ? (
        <p className="player-modal__preview-note" data-player-preview="">
          {t('previewNote', { seconds: start.playableSeconds, duration: formatDuration(video.duration) })}
        </p>
      ) : null}
    </>
  );
}

export default function VideoWithPlayerModal({ titleId, close }: ModalComponentProps) {
  const { lang } = useShell();
  const t = usePlayerT(lang);
  const { loggedIn, avsAccepted } = useViewer();
  const videoId = videoIdOfSearch(useLocation().search);
  const [load, setLoad] = useState<Load>({ status: 'loading', videoId });
  const [attempt, setAttempt] = useState(0);
  const [previewEnded, setPreviewEnded] = useState(false);
  const [mediaFailed, setMediaFailed] = useState(false);
  const [replays, setReplays] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const closeButton = useRef<HTMLButtonElement>(null);

  // The modal host focused the loading frame's ×, which this content replaced: focus goes back into the
  // dialog. After the host's own effect (a parent's runs after this one), which remembers the opener.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const button = closeButton.current;
      const dialog = button?.closest('[role="dialog"]');
      if (button && dialog && !dialog.contains(document.activeElement)) button.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  // Asked again for another video, after a login or an age check, a purchase and a retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt, loggedIn and avsAccepted are the reasons to ask again
  useEffect(() => {
    if (videoId === null) return;
    let current = true;
    setLoad({ status: 'loading', videoId });
    setPreviewEnded(false);
    setMediaFailed(false);
    loadPlayable(videoId).then(
      (playable) => current && setLoad({ status: 'ready', videoId, playable }),
      (error: unknown) =>
        current && setLoad({ status: 'error', videoId, problem: problemOf(error, loggedIn) }),
    );
    return () => {
      current = false;
    };
  }, [videoId, attempt, loggedIn, avsAccepted]);

  const playable = load.status === 'ready' ? load.playable : null;
  const title = playable ? playable.video.title : load.status === 'loading' ? t('loading') : t('untitled');

  return (
    <div
      className="modal__content player-modal"
      data-player-state={load.status}
      aria-busy={load.status === 'loading'}
    >
      <header className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="icon-button"
          onClick={close}
          aria-label={t('close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="player-modal__stage">
        {load.status === 'loading' ? (
          <p className="player-modal__loading" role="status">
            {t('loading')}
          </p>
        ) : null}
        {load.status === 'error' ? <Problem problem={load.problem} t={t} retry={retry} /> : null}
        {playable ? (
          <>
            <VideoPlayer
              key={`${playable.start.manifestUrl}#${replays}`}
              start={playable.start}
              lang={lang}
              label={t('player', { title: playable.video.title })}
              onPreviewEnd={() => setPreviewEnded(true)}
              onFailure={() => setMediaFailed(true)}
            />
            {mediaFailed ? (
              <div className="player-modal__problem" role="alert" data-player-problem="playback">
                <p>{t('playbackFailed')}</p>
                <button type="button" className="shell-button" onClick={retry}>
                  {t('retry')}
                </button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      {playable ? (
        <>
          {previewEnded && playable.start.access === 'preview' ? (
            <PreviewOffer
              playable={playable}
              t={t}
              onBought={retry}
              onAgain={() => {
                setPreviewEnded(false);
                setReplays((n) => n + 1);
              }}
            />
          ) : null}
          <Facts playable={playable} lang={lang} t={t} />
          <p className="player-modal__keys">{t('keys')}</p>
          <div className="player-modal__actions">
            <VideoRatingButtons lang={lang} videoId={playable.video.id} compact />
          </div>
          <ShareVideoForm lang={lang} videoId={playable.video.id} />
          <Recommendations
            actorId={playable.video.actor.id}
            actorName={playable.video.actor.name}
            videoId={playable.video.id}
            lang={lang}
            t={t}
          />
        </>
      ) : null}
    </div>
  );
}
