// @vitest-environment happy-dom
/**
 * Around the player (issue 17 deliverable 7) in the browser: like/dislike of a video (spec 7
 * mutations; spec 4 "rating responses overwrite counts and flags"; optimistic, rolled back on error;
 * visitors get the login dialog) and "send this video to a friend" (spec 7
 * guest/sendVideoShareEmail: one address, language, note; sending/sent/error states, 429 in words).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestError } from '../../api/rest.ts';
import { openedFlow, renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import { ShareVideoForm } from './ShareVideoForm.tsx';
import { optimisticRating, VideoRatingButtons } from './VideoRatingButtons.tsx';

/**
 * The calls, replaced by plain functions the tests set (a rejecting vi.fn here is reported as a
 * test error by vitest under happy-dom even when the component catches it); `calls` records them.
 */
type Api = typeof import('../api/videoActionsApi.ts');
const fake = vi.hoisted(() => ({
  rateVideo: null as null | ((...args: unknown[]) => Promise<unknown>),
  loadVideoRating: null as null | ((...args: unknown[]) => Promise<unknown>),
  sendVideoShareEmail: null as null | ((...args: unknown[]) => Promise<unknown>),
  calls: {
    rateVideo: [] as unknown[][],
    loadVideoRating: [] as unknown[][],
    sendVideoShareEmail: [] as unknown[][],
  },
}));
vi.mock('../api/videoActionsApi.ts', async (original) => {
  const call =
    (name: 'rateVideo' | 'loadVideoRating' | 'sendVideoShareEmail') =>
    (...args: unknown[]) => {
      fake.calls[name].push(args);
      const impl = fake[name];
      return impl ? impl(...args) : new Promise(() => {});
    };
  return {
    ...(await original<Api>()),
    rateVideo: call('rateVideo'),
    loadVideoRating: call('loadVideoRating'),
    sendVideoShareEmail: call('sendVideoShareEmail'),
  };
});

const guest = buildGuestMe({ id: '31', balanceFormatted: '' });
const initial = { guestRatingLikes: 4, guestRatingDislikes: 1, isLiked: false, isDisliked: false };

beforeEach(() => {
  for (const name of ['rateVideo', 'loadVideoRating', 'sendVideoShareEmail'] as const) {
    fake[name] = null;
    fake.calls[name] = [];
  }
});
afterEach(cleanup);

const like = () => screen.getByRole('button', { name: /^Like/ });
const dislike = () => screen.getByRole('button', { name: /^Dislike/ });

describe('VideoRatingButtons (spec 7 like/dislike video)', () => {
  it('optimisticRating: like adds one, like→dislike moves the vote, pressing again takes it back', () => {
    const liked = optimisticRating(initial, 1);
    expect(liked).toEqual({ guestRatingLikes: 5, guestRatingDislikes: 1, isLiked: true, isDisliked: false });
    expect(optimisticRating(liked, -1)).toEqual({
      guestRatingLikes: 4,
      guestRatingDislikes: 2,
      isLiked: false,
      isDisliked: true,
    });
    expect(optimisticRating(liked, 0)).toEqual(initial);
  });

  it('a guest likes: shown at once, then the answer overwrites counts and flags (spec 4)', async () => {
    let answer!: (value: unknown) => void;
    fake.rateVideo = () => new Promise((resolve) => (answer = resolve));
    renderWithDialog(<VideoRatingButtons lang="en" videoId={7} initial={initial} />, guest);
    await userEvent.click(like());
    expect(fake.calls.rateVideo).toEqual([[7, 1]]);
    expect(like().getAttribute('aria-pressed')).toBe('true');
    expect(like().textContent).toContain('5');
    answer({ videoId: 7, guestRatingLikes: 9, guestRatingDislikes: 0, isLiked: true, isDisliked: false });
    await waitFor(() => expect(like().textContent).toContain('9'));
    expect(dislike().textContent).toContain('0');
  });

  it('pressing the pressed button takes the rating back (sends 0)', async () => {
    fake.rateVideo = async () => ({ videoId: 7, ...initial });
    renderWithDialog(
      <VideoRatingButtons
        lang="en"
        videoId={7}
        initial={{ ...initial, guestRatingLikes: 5, isLiked: true }}
      />,
      guest,
    );
    await userEvent.click(like());
    expect(fake.calls.rateVideo).toEqual([[7, 0]]);
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('false'));
  });

  it('a failed press rolls back to what was shown and says why', async () => {
    fake.rateVideo = async () => {
      throw new RestError('NETWORK', 'down', 0);
    };
    renderWithDialog(<VideoRatingButtons lang="en" videoId={7} initial={initial} />, guest);
    await userEvent.click(dislike());
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No connection to the server. Check your connection and try again.',
    );
    expect(dislike().getAttribute('aria-pressed')).toBe('false');
    expect(dislike().textContent).toContain('1');
  });

  it('a visitor gets the login dialog and nothing is sent', async () => {
    renderWithDialog(<VideoRatingButtons lang="en" videoId={7} initial={initial} />, null);
    await userEvent.click(like());
    expect(await openedFlow()).toBe('login');
    expect(fake.calls.rateVideo).toEqual([]);
  });

  it('without `initial` it loads the rating', async () => {
    fake.loadVideoRating = async () => ({ videoId: 8, ...initial, guestRatingDislikes: 3 });
    renderWithDialog(<VideoRatingButtons lang="en" videoId={8} />, guest);
    await waitFor(() => expect(dislike().textContent).toContain('3'));
    expect(fake.calls.loadVideoRating).toEqual([[8, true]]);
  });
});

describe('ShareVideoForm (spec 7 guest/sendVideoShareEmail)', () => {
  it('sends one address with the chosen language and note, then shows it was sent', async () => {
    fake.sendVideoShareEmail = async () => ({ sent: true, language: 'de' });
    const onSent = vi.fn();
    renderWithDialog(<ShareVideoForm lang="en" videoId={7} onSent={onSent} />, guest);
    expect((screen.getByLabelText('Language of the e-mail') as HTMLSelectElement).value).toBe('en');
    await userEvent.type(screen.getByLabelText("Your friend's e-mail address"), ' friend@example.com ');
    await userEvent.selectOptions(screen.getByLabelText('Language of the e-mail'), 'de');
    await userEvent.type(screen.getByLabelText('Personal note (optional)'), 'Look at this');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(fake.calls.sendVideoShareEmail).toEqual([
      [{ videoId: 7, email: 'friend@example.com', language: 'de', note: 'Look at this' }],
    ]);
    expect((await screen.findByRole('status')).textContent).toContain('Sent to friend@example.com');
    expect(onSent).toHaveBeenCalledWith('friend@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send to another friend' }));
    expect((screen.getByLabelText("Your friend's e-mail address") as HTMLInputElement).value).toBe('');
  });

  it('an invalid address is refused in the form (spec 5) and nothing is sent', async () => {
    renderWithDialog(<ShareVideoForm lang="en" videoId={7} />, guest);
    await userEvent.type(screen.getByLabelText("Your friend's e-mail address"), 'a@b.com, c@d.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('valid e-mail address');
    expect(screen.getByLabelText("Your friend's e-mail address").getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.sendVideoShareEmail).toEqual([]);
  });

  it.each([
    ['RATE_LIMITED', 429, 'You have sent too many videos for now. Try again later.'],
    ['RESTRICTED', 403, 'This video is for adults only: verify your age to share it.'],
    ['VIDEO_NOT_FOUND', 404, 'This video is no longer available.'],
  ])('a %s answer (%i) is said in words and the form stays filled', async (code, status, text) => {
    fake.sendVideoShareEmail = async () => {
      throw new RestError(code, 'x', status);
    };
    renderWithDialog(<ShareVideoForm lang="en" videoId={7} />, guest);
    await userEvent.type(screen.getByLabelText("Your friend's e-mail address"), 'friend@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect((screen.getByLabelText("Your friend's e-mail address") as HTMLInputElement).value).toBe(
      'friend@example.com',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it('a visitor sees a login button that opens the login dialog', async () => {
    renderWithDialog(<ShareVideoForm lang="en" videoId={7} />, null);
    expect(screen.queryByLabelText("Your friend's e-mail address")).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await openedFlow()).toBe('login');
  });
});
