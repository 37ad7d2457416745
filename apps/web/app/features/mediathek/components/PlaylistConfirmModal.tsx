/**
 * Spec 2 modals `playlist-delete` ("Delete playlist?") and `playlist-cancel-changes` ("Discard
 * changes?"): the playlist editor hands over what to confirm (state/playlistModals.ts). Focus starts
 * on the safe choice (keep); closing the modal any way but the confirm button cancels.
 */
import { useEffect, useRef } from 'react';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { ModalFrame } from '../../modals/components/ModalFrame.tsx';
import type { ModalComponentProps } from '../../modals/registry.ts';
import { useMediathekT } from '../hooks/useMediathekT.ts';
import { type PlaylistModalId, setPlaylistRequest, usePlaylistRequest } from '../state/playlistModals.ts';

const TEXTS = {
  'playlist-delete': {
    title: 'delete.title',
    text: 'delete.text',
    confirm: 'delete.confirm',
    cancel: 'delete.cancel',
  },
  'playlist-cancel-changes': {
    title: 'cancel.title',
    text: 'cancel.text',
    confirm: 'cancel.discard',
    cancel: 'cancel.keep',
  },
} as const;

function PlaylistConfirmModal({ id, titleId, close }: ModalComponentProps & { id: PlaylistModalId }) {
  const { lang } = useShell();
  const t = useMediathekT(lang);
  const request = usePlaylistRequest(id);
  const keepButton = useRef<HTMLButtonElement>(null);
  const latest = useRef(request);
  latest.current = request;
  const confirmed = useRef(false);
  const texts = TEXTS[id];

  useEffect(() => {
    keepButton.current?.focus();
    return () => {
      if (!confirmed.current) latest.current?.onCancel();
      setPlaylistRequest(id, null);
    };
  }, [id]);

  return (
    <ModalFrame
      titleId={titleId}
      title={t(texts.title)}
      closeButton={{ label: t('close'), onClose: close }}
      marker={{ 'data-playlist-modal': id }}
    >
      <p>{t(texts.text, { name: request?.name ?? '' })}</p>
      <div className="modal__actions">
        <button ref={keepButton} type="button" className="shell-button" onClick={close}>
          {t(texts.cancel)}
        </button>
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => {
            confirmed.current = true;
            const pending = latest.current;
            close();
            pending?.onConfirm();
          }}
        >
          {t(texts.confirm)}
        </button>
      </div>
    </ModalFrame>
  );
}

export function PlaylistDeleteModal(props: ModalComponentProps) {
  return <PlaylistConfirmModal id="playlist-delete" {...props} />;
}

export function PlaylistCancelChangesModal(props: ModalComponentProps) {
  return <PlaylistConfirmModal id="playlist-cancel-changes" {...props} />;
}
