/**
 * The `?video=<id>` opener (issue 17, contract 2), rendered once by the layout shell: a page URL with
 * `video=<id>` opens spec 2 modal `video-with-player`; leaving that URL (the back button, a link)
 * closes it; closing the modal (×, Escape, the backdrop) removes the query from the URL, in place.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useModals } from '../../modals/state/ModalProvider.tsx';
import { searchWithVideo, videoIdOfSearch } from '../videoQuery.ts';

const MODAL = 'video-with-player';

export function VideoPlayerOpener() {
  const location = useLocation();
  const navigate = useNavigate();
  const { isOpen, open, close } = useModals();
  const videoId = videoIdOfSearch(location.search);
  const shown = isOpen(MODAL);
  const wasShown = useRef(shown);

  useEffect(() => {
    const was = wasShown.current;
    wasShown.current = shown;
    if (videoId === null) {
      if (shown) close(MODAL);
      return;
    }
    if (was && !shown) {
      // Closed by the person: the URL follows, without a new history entry or a scroll.
      navigate(
        { pathname: location.pathname, search: searchWithVideo(location.search, null), hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
      return;
    }
    if (!shown) open(MODAL, { lockScroll: true });
  }, [videoId, shown, open, close, navigate, location.pathname, location.search, location.hash]);

  return null;
}
