/**
 * Which offer of the live-show tab a link asked for: the page URL's `?chat=<type>`, e.g.
 * `/en/amateur/<name>/live-show/?chat=video-call` or `?chat=free-chat` (the /free-chat/ list's tiles).
 * The start area marks that offer (`data-selected`) and gives its start button the focus; the chat
 * still starts only when the guest presses it. Any chat type of spec 1 may be named; an unknown or
 * absent one selects nothing. Read in the browser only (the live chat renders after hydration).
 */
export const CHAT_OFFER_PARAM = 'chat';

export function selectedChatOffer(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
) {
  const value = new URLSearchParams(search).get(CHAT_OFFER_PARAM);
  return value && /^[a-z-]{1,40}$/.test(value) ? value : null;
}
