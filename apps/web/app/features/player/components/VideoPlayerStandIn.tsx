/**
 * Interaction tests' stand-in for VideoPlayer (the media element itself is the browser's: e2e specs):
 * the same props, shown as data attributes, and a button that reports a failed segment.
 * Use: `vi.mock('…/VideoPlayer.tsx', async () => ({ VideoPlayer: (await import('…/VideoPlayerStandIn.tsx')).VideoPlayerStandIn }))`.
 */
import type { VideoPlayerProps } from './VideoPlayer.tsx';

export function VideoPlayerStandIn(props: VideoPlayerProps) {
  return (
    <section
      data-testid="player"
      aria-label={props.label}
      data-access={props.start.access}
      data-manifest={props.start.manifestUrl}
      data-poster={props.start.posterUrl}
      data-thumbnails={props.start.thumbnailsUrl}
    >
      <button type="button" onClick={props.onFailure}>
        fail a segment
      </button>
    </section>
  );
}
