/**
 * A bought messenger clip playing (issue 19 deliverable 2): the site's player (media-chrome around
 * hls.js, player/components/VideoPlayer.tsx, as a bought shop video plays) fed with the clip's HLS
 * playlist, poster and thumbnails the server signed for the guest. Loaded only when a guest opens a
 * clip (`LazyMessengerClipPlayer`), so the conversation and the media library carry no player code
 * until then. A clip is the guest's in full: no preview limit.
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerClipFiles } from '@vela/contracts/messenger';
import { useMemo } from 'react';
import { VideoPlayer } from '../../player/components/VideoPlayer.tsx';
import '../../player/player.css';
import './messengerClip.css';

export interface MessengerClipPlayerProps {
  lang: Language;
  /** The clip's signed HLS playlist. */
  url: string;
  clip: MessengerClipFiles;
  /** The player's accessible name. */
  label: string;
  /** The clip could not be loaded (a refused or missing file, a network failure). */
  onFailure(): void;
}

const ignore = () => {};

export default function MessengerClipPlayer({ lang, url, clip, label, onFailure }: MessengerClipPlayerProps) {
  const start = useMemo(
    () => ({
      access: 'full' as const,
      // Read by the player only for a preview; a bought clip plays to its end.
      playableSeconds: 0,
      manifestUrl: url,
      posterUrl: clip.posterUrl,
      thumbnailsUrl: clip.thumbnailsUrl,
    }),
    [url, clip.posterUrl, clip.thumbnailsUrl],
  );
  return (
    <div className="messenger-clip-player" data-clip-player="">
      <VideoPlayer start={start} lang={lang} label={label} onPreviewEnd={ignore} onFailure={onFailure} />
    </div>
  );
}
