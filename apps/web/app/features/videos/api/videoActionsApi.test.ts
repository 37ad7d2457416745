/**
 * The pages' rating calls (spec 7 likeVideo / dislikeVideo / videoRating over POST /graphql): the
 * page's access token as Bearer, fetched for every call and never kept (after a logout or another
 * login a kept token would act for the previous guest); visitors' reads send none; GraphQL error
 * codes become RestErrors the components put in words.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadVideoRating, RestError, rateVideo } from './videoActionsApi.ts';

interface Sent {
  url: string;
  authorization: string | undefined;
  body: { query?: string; variables?: Record<string, unknown> } | null;
}

let sent: Sent[];
let tokens: number;
let graphqlAnswer: unknown;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  tokens = 0;
  graphqlAnswer = {
    data: {
      likeVideo: {
        videoId: 7,
        guestRatingLikes: 3,
        guestRatingDislikes: 0,
        isLiked: true,
        isDisliked: false,
      },
    },
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      url,
      authorization: headers.authorization,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    if (url === '/rest/v1/guest/accessToken') {
      tokens += 1;
      return json({
        success: true,
        data: { accessToken: `tok-${tokens}`, expiresAt: '2100-01-01T00:00:00Z' },
      });
    }
    return json(graphqlAnswer);
  });
});
afterEach(() => vi.unstubAllGlobals());

const graphqlCalls = () => sent.filter((s) => s.url === '/graphql');

describe('rateVideo / loadVideoRating', () => {
  it('sends each vote with a token fetched for it (never a kept one)', async () => {
    expect(await rateVideo(7, 1)).toMatchObject({ videoId: 7, guestRatingLikes: 3, isLiked: true });
    await rateVideo(7, 1);
    expect(graphqlCalls().map((s) => s.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(graphqlCalls()[0]!.body).toMatchObject({ variables: { videoId: 7 } });
    expect(graphqlCalls()[0]!.body!.query).toContain('likeVideo(videoId: $videoId');
  });

  it('a dislike sends dislikeVideo; taking the vote back sends likeVideo with undo', async () => {
    graphqlAnswer = {
      data: {
        dislikeVideo: {
          videoId: 7,
          guestRatingLikes: 0,
          guestRatingDislikes: 1,
          isLiked: false,
          isDisliked: true,
        },
      },
    };
    expect(await rateVideo(7, -1)).toMatchObject({ isDisliked: true });
    expect(graphqlCalls()[0]!.body!.query).toContain('dislikeVideo(videoId: $videoId');
    graphqlAnswer = {
      data: {
        likeVideo: {
          videoId: 7,
          guestRatingLikes: 0,
          guestRatingDislikes: 0,
          isLiked: false,
          isDisliked: false,
        },
      },
    };
    await rateVideo(7, 0);
    expect(graphqlCalls()[1]!.body).toMatchObject({ variables: { videoId: 7, undo: true } });
  });

  it("a visitor's read sends no token", async () => {
    graphqlAnswer = {
      data: {
        videoRating: {
          videoId: 8,
          guestRatingLikes: 5,
          guestRatingDislikes: 2,
          isLiked: false,
          isDisliked: false,
        },
      },
    };
    expect(await loadVideoRating(8, false)).toMatchObject({ guestRatingLikes: 5 });
    expect(tokens).toBe(0);
    expect(graphqlCalls()[0]!.authorization).toBeUndefined();
  });

  it.each([
    ['UNAUTHORIZED', 'NOT_LOGGED_IN', 401],
    ['MISSING_TOKEN', 'MISSING_TOKEN', 401],
    ['VIDEO_NOT_FOUND', 'VIDEO_NOT_FOUND', 200],
    ['ACTOR_BLOCKED_IN_COUNTRY', 'ACTOR_BLOCKED_IN_COUNTRY', 200],
  ])('a GraphQL error %s is a RestError %s', async (code, expected, status) => {
    graphqlAnswer = { errors: [{ message: 'no', extensions: { code } }], data: null };
    const error = await rateVideo(7, 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({ code: expected, status });
  });

  it('an answer that does not fit the contract is INVALID_RESPONSE', async () => {
    graphqlAnswer = { data: { likeVideo: { videoId: 7, guestRatingLikes: -1 } } };
    await expect(rateVideo(7, 1)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
