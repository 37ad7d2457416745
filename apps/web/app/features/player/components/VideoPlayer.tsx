/**
 * The player (issue 17 deliverable 2; decision 0041): media-chrome's controls around a `<video>` fed
 * with the signed HLS playlist of `watch/start` through hls.js (light build, bundled, loaded with the
 * player; Safari and iOS play HLS natively). The time slider shows the preview thumbnails (WebVTT
 * `thumbnails` track, spec 9), the controller's hotkeys work while focus is in the player (space/k
 * play-pause, ← → seek, ↑ ↓ volume, m mute, f full screen), the volume is remembered under spec 9's
 * "player volume" key (media-chrome's own preferences are off). A preview stops at its end.
 *
 * `data-first-frame` on the video is the page's clock (performance.now()) when its first frame was
 * presented: bench/player-first-frame.ts reads it.
 */
import type { Language } from '@vela/contracts/common';
import type { WatchStart } from '@vela/contracts/playback';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPlayButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import { useEffect, useRef } from 'react';
import '../mediaChromeLanguages.ts';
import { readPlayerVolume, writePlayerVolume } from '../volume.ts';

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** ↑ ↓ change the volume by 5 % (media-chrome's default is 2.5 %): the controller's attributes. */
const VOLUME_STEPS = { keyboardupvolumestep: '0.05', keyboarddownvolumestep: '0.05' };

export interface VideoPlayerProps {
  /** What to play: a `watch/start` answer, or any signed HLS playlist with its poster and thumbnails. */
  start: Pick<WatchStart, 'access' | 'playableSeconds' | 'manifestUrl' | 'posterUrl' | 'thumbnailsUrl'>;
  lang: Language;
  label: string;
  /** A preview reached its end (the end of its playlist or `playableSeconds`). */
  onPreviewEnd(): void;
  /** The media could not be loaded (a refused or missing segment, a network failure). */
  onFailure(): void;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Attaches the playlist: hls.js where Media Source Extensions exist, else the browser's own HLS. */
async function attach(video: HTMLVideoElement, url: string, onFatal: () => void): Promise<() => void> {
  const native = video.canPlayType(HLS_TYPE) !== '';
  if (typeof MediaSource === 'undefined' && native) {
    video.src = url;
    return () => {};
  }
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    if (!native) onFatal();
    else video.src = url;
    return () => {};
  }
  const hls = new Hls({ enableWorker: true, lowLatencyMode: false });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) {
      hls.destroy();
      onFatal();
    }
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

export function VideoPlayer({ start, lang, label, onPreviewEnd, onFailure }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onPreviewEnd, onFailure });
  handlers.current = { onPreviewEnd, onFailure };
  const preview = start.access === 'preview';

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const volume = readPlayerVolume(storage());
    if (volume !== null) video.volume = volume;
    let detach: (() => void) | null = null;
    let gone = false;
    const fail = () => {
      if (!gone) handlers.current.onFailure();
    };
    attach(video, start.manifestUrl, fail).then((stop) => {
      if (gone) return stop();
      detach = stop;
      // Opened by a click: play at once; a browser that refuses autoplay leaves the play button.
      video.play().catch(() => {});
    }, fail);
    if ('requestVideoFrameCallback' in video) {
      video.requestVideoFrameCallback(() => {
        video.dataset.firstFrame = String(performance.now());
      });
    }
    return () => {
      gone = true;
      detach?.();
      video.removeAttribute('src');
      video.load();
    };
  }, [start.manifestUrl]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const remember = () => writePlayerVolume(storage(), video.volume);
    const limit = () => {
      if (preview && video.currentTime >= start.playableSeconds) {
        video.pause();
        handlers.current.onPreviewEnd();
      }
    };
    const ended = () => {
      if (preview) handlers.current.onPreviewEnd();
    };
    const failed = () => handlers.current.onFailure();
    video.addEventListener('volumechange', remember);
    video.addEventListener('timeupdate', limit);
    video.addEventListener('ended', ended);
    video.addEventListener('error', failed);
    return () => {
      video.removeEventListener('volumechange', remember);
      video.removeEventListener('timeupdate', limit);
      video.removeEventListener('ended', ended);
      video.removeEventListener('error', failed);
    };
  }, [preview, start.playableSeconds]);

  return (
    <MediaController
      lang={lang}
      noVolumePref
      noMutedPref
      {...VOLUME_STEPS}
      className="player"
      aria-label={label}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the catalogue has no caption files (its clips are test patterns without speech) */}
      <video
        slot="media"
        ref={videoRef}
        poster={start.posterUrl}
        playsInline
        preload="auto"
        data-access={start.access}
      >
        <track kind="metadata" label="thumbnails" src={start.thumbnailsUrl} default />
      </video>
      <MediaLoadingIndicator slot="centered-chrome" noAutohide />
      <MediaControlBar>
        <MediaPlayButton />
        <MediaTimeRange />
        <MediaTimeDisplay showDuration />
        <MediaMuteButton />
        <MediaVolumeRange />
        <MediaFullscreenButton />
      </MediaControlBar>
    </MediaController>
  );
}
