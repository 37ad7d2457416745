/**
 * The registered `video-with-player` modal (modals/registry.ts): the modal, the player library
 * (media-chrome, hls.js) and its words load when it first opens, so every page's first load carries
 * only this wrapper and the `?video=` opener (bench/first-load-js.ts, the 130 KB budget).
 */
import { useShell } from '../../layout/state/ShellContext.tsx';
import { ModalFrame } from '../../modals/components/ModalFrame.tsx';
import { lazyModal } from '../../modals/lazyModal.tsx';
import type { ModalComponentProps } from '../../modals/registry.ts';

/** Until the modal's code is there: its frame, busy, with the × that closes it. */
function VideoWithPlayerLoading(props: ModalComponentProps) {
  const { t } = useShell();
  return (
    <ModalFrame titleId={props.titleId} title="…" closeButton={{ label: t('close'), onClose: props.close }}>
      <p aria-busy="true" />
    </ModalFrame>
  );
}

export const LazyVideoWithPlayerModal = lazyModal(
  () => import('./VideoWithPlayerModal.tsx').then((m) => m.default),
  { Fallback: VideoWithPlayerLoading },
);
