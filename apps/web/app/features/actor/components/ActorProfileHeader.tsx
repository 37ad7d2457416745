import type { ActorHeader } from '@vela/contracts/actors';
import type { Language } from '@vela/contracts/common';
import { pathFor } from '@vela/i18n/routes';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatChatPrice } from '../../catalog/format.ts';
import { PinActorButton } from '../../favorites/components/PinActorButton.tsx';
import { linkIfBuilt } from '../../i18n/implemented.ts';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { MessageActorButton } from '../../messenger/components/MessageActorButton.tsx';
import { useActorOnline } from '../../realtime/hooks/useActorOnline.ts';
import type { ActorRouteName } from '../actorPage.ts';
import { useActorT } from '../useActorT.ts';

export type ActorTab = 'aboutMe' | 'videos' | 'classic' | 'pictures' | 'liveShow' | 'topCams';

interface ActorProfileHeaderProps {
  header: ActorHeader;
  lang: Language;
  /** The tab this page is (aria-current); null on a tag tab. */
  current: ActorTab | null;
  /** The page heading (SEO h1 on the about tab). */
  title?: string;
}

const TAB_ROUTES: { tab: ActorTab; route: ActorRouteName; hash?: string }[] = [
  { tab: 'aboutMe', route: 'Actor/AboutMe' },
  { tab: 'videos', route: 'Actor/Videos' },
  { tab: 'classic', route: 'Actor/Videos/Classic' },
  // The album list is a section of the about-me tab (the route table has no album-list path).
  { tab: 'pictures', route: 'Actor/AboutMe', hash: '#pictures' },
  { tab: 'liveShow', route: 'Actor/LiveShow' },
  { tab: 'topCams', route: 'Actor/TopCams' },
];

/**
 * The profile header every tab shows: avatar, name, online state, age, chat price, the way into the
 * live show while the performer is online (issue 16), and the tabs.
 */
export function ActorProfileHeader({ header, lang, current, title }: ActorProfileHeaderProps) {
  const t = useActorT(lang);
  const pt = usePagesT(lang);
  const online = useActorOnline(header.id, header.isOnline);
  const label = (tab: ActorTab) =>
    tab === 'aboutMe'
      ? pt('actor.tab.aboutMe')
      : t(
          (
            {
              videos: 'tab.videos',
              classic: 'tab.classic',
              pictures: 'tab.pictures',
              liveShow: 'tab.liveShow',
              topCams: 'tab.topCams',
            } as const
          )[tab],
        );
  return (
    <header className="profile__header">
      <div className="profile__avatar">
        <Picture
          image={header.avatar}
          alt={pt('tile.avatarAlt', { name: header.name })}
          sizes="(min-width: 768px) 320px, 50vw"
          eager
        />
      </div>
      <div className="profile__intro">
        <h1 id="page-title">{title || header.name}</h1>
        <p className={online ? 'status status--online' : 'status'}>
          {online ? pt('actor.online') : pt('actor.offline')}
        </p>
        <p className="page__meta">
          {pt('tile.age', { age: header.age })} ·{' '}
          {t('header.chatPrice', { price: formatChatPrice(header.chatPrice, lang) })}
        </p>
        {online && current !== 'liveShow' ? (
          <Link
            className="button actor-go-live"
            to={pathFor('Actor/LiveShow', lang, { actorName: header.slug })}
            data-go-live=""
          >
            {t('header.goLive', { name: header.name })}
          </Link>
        ) : null}
        <PinActorButton actorId={header.id} lang={lang} />
        <MessageActorButton actorId={header.id} lang={lang} label={t('header.message')} />
        <ul className="chips actor-flags">
          {header.freeChat ? <li className="chip chip--static">{t('header.freeChat')}</li> : null}
          {header.isOnlineMobileVideocall ? (
            <li className="chip chip--static">{t('header.mobileVideocall')}</li>
          ) : null}
          {header.isCurrentlyTicketShow ? (
            <li className="chip chip--static">{t('header.ticketShow')}</li>
          ) : null}
        </ul>
        <nav aria-label={pt('actor.sections')} className="tabs actor-tabs">
          {TAB_ROUTES.map(({ tab, route, hash }) => {
            const path = linkIfBuilt(route, lang, { actorName: header.slug });
            if (!path) return null;
            return (
              <Link key={tab} to={`${path}${hash ?? ''}`} aria-current={tab === current ? 'page' : undefined}>
                {label(tab)}
              </Link>
            );
          })}
        </nav>
      </div>
    </header>
  );
}

/** Links to the actor's tag tabs (tag group URL-encoded by pathFor). */
export function TagGroupLinks({
  header,
  lang,
  current,
}: {
  header: ActorHeader;
  lang: Language;
  current: string | null;
}) {
  const t = useActorT(lang);
  if (header.tagGroups.length === 0) return null;
  return (
    <nav aria-label={t('videos.tags')} className="actor-tags">
      <ul className="chips">
        <li>
          <Link
            className="chip"
            to={pathFor('Actor/Videos', lang, { actorName: header.slug })}
            aria-current={current === null ? 'page' : undefined}
          >
            {t('videos.allTags')}
          </Link>
        </li>
        {header.tagGroups.map((tag) => {
          const path = linkIfBuilt('Actor/Videos/Tag', lang, { actorName: header.slug, tagGroup: tag });
          return (
            <li key={tag}>
              {path ? (
                <Link className="chip" to={path} aria-current={tag === current ? 'page' : undefined}>
                  {tag}
                </Link>
              ) : (
                <span className="chip chip--static">{tag}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
