/**
 * What the media library's messenger sections (photos/messenger: MessengerPhotosView, videos/messenger:
 * MessengerClipsView) share: the list of what the guest bought in the messenger, newest purchase first
 * (loading, failed with "Try again", empty with how things get here, the grid, "Show more"), each tile
 * with who sent it, its date, price and the way to the conversation, and each tile opening the item in a
 * dialog (native <dialog>: focus stays inside, Escape or Close closes it, focus returns to the tile) that
 * says so when the item cannot be shown. What differs between a photo and a clip (the tile's picture,
 * what the dialog shows, the texts) comes in a `MessengerMediaKind`.
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import { pathFor } from '@vela/i18n/routes';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../catalog/format.ts';
import { type MediathekT, useMediathekT } from '../hooks/useMediathekT.ts';
import { type ListPage, usePagedList } from '../hooks/usePagedList.ts';
import { PagedGrid } from './PagedGrid.tsx';

type MediathekKey = Parameters<MediathekT>[0];

/** What the dialog's viewer gets: the texts, the purchase date as shown, and how to say it failed. */
export interface MessengerMediaViewer {
  t: MediathekT;
  lang: Language;
  date: string;
  onFailure: () => void;
}

/** One kind of messenger media in the media library (photo or clip). */
export interface MessengerMediaKind<T extends MediathekMessengerMedia> {
  /** The section's first page and the pages after it. */
  load: (offset: number) => Promise<ListPage<T>>;
  /** The tile's `data-kind`, where the kind marks its tiles. */
  tileKind?: string;
  /** The prefix of the dialog title's id (`<prefix>-<mediaId>`). */
  idPrefix: string;
  openClassName: string;
  dialogClassName: string;
  texts: { empty: MediathekKey; open: MediathekKey; title: MediathekKey; failed: MediathekKey };
  /** What the tile's button shows. */
  preview: (item: T) => ReactNode;
  /** What the open dialog shows of the item. */
  viewer: (item: T, viewer: MessengerMediaViewer) => ReactNode;
}

export function MessengerMediaView<T extends MediathekMessengerMedia>({
  lang,
  kind,
}: {
  lang: Language;
  kind: MessengerMediaKind<T>;
}) {
  const t = useMediathekT(lang);
  const [open, setOpen] = useState<T | null>(null);
  const list = usePagedList<T>(kind.load, 'messenger');
  return (
    <>
      <PagedGrid
        t={t}
        list={list}
        empty={<p>{t(kind.texts.empty)}</p>}
        announcement=""
        keyOf={(item) => Number(item.mediaId)}
        render={(item) => (
          <MediaTile item={item} kind={kind} lang={lang} t={t} onOpen={() => setOpen(item)} />
        )}
      />
      {open ? <MediaDialog item={open} kind={kind} lang={lang} t={t} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

const conversationOf = (item: MediathekMessengerMedia, lang: Language) =>
  `${pathFor('Messenger', lang)}?channel=${item.channelId}`;

function MediaTile<T extends MediathekMessengerMedia>({
  item,
  kind,
  lang,
  t,
  onOpen,
}: {
  item: T;
  kind: MessengerMediaKind<T>;
  lang: Language;
  t: MediathekT;
  onOpen: () => void;
}) {
  const date = formatDate(item.at, lang);
  return (
    <article className="tile mediathek-tile" data-messenger-media-id={item.mediaId} data-kind={kind.tileKind}>
      <button
        type="button"
        className={kind.openClassName}
        onClick={onOpen}
        aria-label={t(kind.texts.open, { date })}
      >
        <span className="tile__media">{kind.preview(item)}</span>
      </button>
      <div className="tile__body tile__body--after">
        {item.actorName ? <span className="tile__meta">{t('tile.by', { name: item.actorName })}</span> : null}
        <span className="tile__meta">{t('tile.bought', { date })}</span>
        <span className="tile__meta">{t('messengerPhoto.price', { coins: item.price.value })}</span>
        <Link className="tile__meta" to={conversationOf(item, lang)}>
          {t('messengerPhoto.conversation')}
        </Link>
      </div>
    </article>
  );
}

function MediaDialog<T extends MediathekMessengerMedia>({
  item,
  kind,
  lang,
  t,
  onClose,
}: {
  item: T;
  kind: MessengerMediaKind<T>;
  lang: Language;
  t: MediathekT;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const date = formatDate(item.at, lang);
  const titleId = `${kind.idPrefix}-${item.mediaId}`;
  return (
    <dialog ref={dialog} className={kind.dialogClassName} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="mediathek-subtitle">
        {t(kind.texts.title)}
      </h2>
      {failed ? (
        <p role="alert">{t(kind.texts.failed)}</p>
      ) : (
        kind.viewer(item, { t, lang, date, onFailure: () => setFailed(true) })
      )}
      <p className="muted">
        {item.actorName ? `${t('tile.by', { name: item.actorName })} · ` : ''}
        {t('tile.bought', { date })} · {t('messengerPhoto.price', { coins: item.price.value })}
      </p>
      <div className="myvela-actions">
        <Link className="shell-button" to={conversationOf(item, lang)}>
          {t('messengerPhoto.conversation')}
        </Link>
        <button type="button" className="shell-button" onClick={() => dialog.current?.close()}>
          {t('messengerPhoto.close')}
        </button>
      </div>
    </dialog>
  );
}
