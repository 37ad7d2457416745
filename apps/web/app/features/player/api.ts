/**
 * What the player modal reads (issue 17): the video's catalogue facts (the video listing's tile,
 * `tileGrid/get/videos` filtered to its id), the playback answer (spec 7 `watch/start`, contract 1) and
 * the recommendations beside it (GraphQL `videoRecommendations`: fromSameActor, fromDifferentActor).
 * Loaded with the modal's chunk, never with a page.
 */
import type { Language } from '@vela/contracts/common';
import type { VideoTile } from '@vela/contracts/pages';
import { playbackEndpoints, type WatchStart } from '@vela/contracts/playback';
import { VideoTileSchema } from '@vela/contracts/tile-schemas';
import type { VideoListItem } from '@vela/contracts/videos';
import { endpointData, RestError } from '../api/rest.ts';
import { gridParams } from '../videos/listings.ts';

/** Why a video cannot be played, each with what the person can do (player.ts messages). */
export type PlaybackProblem = 'need-login' | 'need-age-check' | 'not-found' | 'blocked' | 'failed';

export interface PlayableVideo {
  video: VideoListItem;
  start: WatchStart;
}

/** The problem of a failed load; `loggedIn` tells which restriction a RESTRICTED answer is (spec 6). */
export function problemOf(error: unknown, loggedIn: boolean): PlaybackProblem {
  if (!(error instanceof RestError)) return 'failed';
  switch (error.code) {
    case 'NOT_FOUND':
      return 'not-found';
    case 'ACTOR_BLOCKED_IN_COUNTRY':
      return 'blocked';
    case 'RESTRICTED':
      return loggedIn ? 'need-age-check' : 'need-login';
    case 'NOT_LOGGED_IN':
      return 'need-login';
    default:
      return 'failed';
  }
}

/** The video's tile and its playback answer, asked for together; a video no listing shows is gone. */
export async function loadPlayable(videoId: number): Promise<PlayableVideo> {
  // The videos contract (zod schemas) loads on the first call, as on the video pages (first-load.test.ts).
  const { videosEndpoints } = await import('@vela/contracts/videos');
  const [start, list] = await Promise.all([
    endpointData(playbackEndpoints.watchStart, { query: { videoId } }),
    endpointData(videosEndpoints.tileGrid, {
      params: gridParams({
        category: 'allVideos',
        sort: 'newest',
        filter: { ids: [videoId] },
        offset: 0,
        limit: 1,
      }),
    }),
  ]);
  const video = list.items.find((item) => item.id === videoId);
  if (!video) throw new RestError('NOT_FOUND', 'The video is not listed', 404);
  return { video, start };
}

/** What a recommendation tile shows (the query-language video has no listing-only fields such as isVip30Offer). */
export type RecommendedVideo = Pick<
  VideoTile,
  'id' | 'title' | 'duration' | 'ageRating' | 'preview' | 'actor'
>;

export interface Recommendations {
  fromSameActor: RecommendedVideo[];
  fromDifferentActor: RecommendedVideo[];
}

const TilesSchema = VideoTileSchema.pick({
  id: true,
  title: true,
  duration: true,
  ageRating: true,
  preview: true,
  actor: true,
}).array();

const RECOMMENDATIONS_QUERY = `query PlayerRecommendations($a: Int!, $v: Int) {
  videoRecommendations(actorId: $a, videoId: $v) {
    fromSameActor { ...Tile }
    fromDifferentActor { ...Tile }
  }
}
fragment Tile on ProfileVideo {
  id title duration ageRating
  preview { key ageRating aspect }
  actor { id name slug }
}`;

/** Spec 3 video recommendations of a video (the video itself left out). */
export async function loadRecommendations(
  actorId: number,
  videoId: number,
  lang: Language,
): Promise<Recommendations> {
  const response = await fetch(`/graphql?lang=${lang}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ query: RECOMMENDATIONS_QUERY, variables: { a: actorId, v: videoId } }),
  });
  const body = (await response.json()) as {
    data?: { videoRecommendations?: { fromSameActor?: unknown; fromDifferentActor?: unknown } } | null;
  };
  const lists = body.data?.videoRecommendations;
  const same = TilesSchema.safeParse(lists?.fromSameActor);
  const other = TilesSchema.safeParse(lists?.fromDifferentActor);
  if (!response.ok || !same.success || !other.success) throw new Error('recommendations unavailable');
  return { fromSameActor: same.data, fromDifferentActor: other.data };
}
