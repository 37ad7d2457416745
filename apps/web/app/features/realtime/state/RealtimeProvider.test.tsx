/**
 * The provider in the server render (decision 0024): no socket exists during SSR, the page renders
 * the values of its data (navbar online count, tile badges), and the hooks work outside it.
 */

import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { PublicConfig } from '@vela/contracts/pages';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActorTile } from '../../catalog/components/ActorTile.tsx';
import { AppShell } from '../../layout/components/AppShell.tsx';
import { useActorOnline } from '../hooks/useActorOnline.ts';
import { useGuestLive } from '../hooks/useGuestLive.ts';
import { useOnlineTotal } from '../hooks/useOnlineTotal.ts';
import { useSocketSend } from '../hooks/useSocketSend.ts';
import { useSocketSession } from '../hooks/useSocketSession.ts';
import { useSocketStatus } from '../hooks/useSocketStatus.ts';
import { withoutOfflineActors } from '../hooks/useWithoutOfflineActors.ts';
import { createPresenceStore } from './presenceStore.ts';

const config: PublicConfig = buildPublicConfig();
const alternates = { de: '/de/', en: '/en/', nl: '/nl/', es: '/es/' };
const guest = buildGuestMe({
  id: '31',
  hasAvs: true,
  avsStatus: 'accepted',
  balance: 40,
  balanceCents: 1000,
  balanceFormatted: '40',
  isPayingCustomer: true,
});

const tile = {
  id: 4,
  name: 'Lia',
  slug: 'lia',
  age: 25,
  gender: 'F',
  actorType: 'F',
  isOnline: true,
  spokenLanguages: ['en'],
  avatar: { url: '/media/a.jpg', width: 320, height: 320, ageRating: 16 },
  chatPrice: { value: 199, currency: 'EUR' },
} as unknown as Parameters<typeof ActorTile>[0]['actor'];

function Probe() {
  const status = useSocketStatus();
  const session = useSocketSession();
  const live = useGuestLive();
  const send = useSocketSend();
  const online = useActorOnline(4, true);
  const total = useOnlineTotal(12);
  const values = [
    status,
    session === null ? 'no-session' : 'session',
    live.vouchers === null ? 'no-vouchers' : 'vouchers',
    `sent:${send({ type: 'ping' })}`,
    `online:${online}`,
    `total:${total}`,
  ];
  return <p data-probe={values.join('|')} />;
}

function page(viewer: GuestMe | null) {
  return renderToString(
    <MemoryRouter initialEntries={['/en/']}>
      <AppShell
        lang="en"
        alternates={alternates}
        navigation={{ categories: [], onlineCount: 1234 }}
        consent={null}
        brandName="Vela"
        viewer={viewer}
        config={config}
      >
        <ActorTile actor={tile} lang="en" />
        <Probe />
      </AppShell>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('realtime provider in the server render', () => {
  it('opens no socket during SSR, for a visitor or a guest', () => {
    const WebSocket = vi.fn(() => {
      throw new Error('no socket during SSR');
    });
    vi.stubGlobal('WebSocket', WebSocket);
    page(null);
    page(guest);
    expect(WebSocket).not.toHaveBeenCalled();
  });

  it('renders the values of the page data: online count, tile badge; the socket reads as closed', () => {
    const html = page(guest);
    expect(html).toContain('data-online-count="1234"');
    // Spec 9: dot thousands in every language, English included (issue 14).
    expect(html).toContain('1.234 models online');
    expect(html).toContain('badge--online');
    expect(html).toContain('data-probe="closed|no-session|no-vouchers|sent:false|online:true|total:12"');
  });

  it('the hooks work outside the provider (isolated renders)', () => {
    const html = renderToString(<Probe />);
    expect(html).toContain('data-probe="closed|no-session|no-vouchers|sent:false|online:true|total:12"');
  });
});

describe('recommendations without offline actors (spec 4)', () => {
  it('leaves out actors an offline event named; online ones and unknown ones stay', () => {
    const presence = createPresenceStore();
    const items = [{ actorId: 1 }, { actorId: 2 }, { actorId: 3 }];
    const idOf = (item: { actorId: number }) => item.actorId;
    expect(withoutOfflineActors(items, idOf, presence)).toEqual(items);
    presence.apply({ type: 'actorOffline', actorId: 2, actorName: 'Kim', onlineTotal: 1 });
    presence.apply({ type: 'actorOnline', actorId: 3, actorName: 'Ana', onlineTotal: 2 });
    expect(withoutOfflineActors(items, idOf, presence)).toEqual([{ actorId: 1 }, { actorId: 3 }]);
    presence.apply({ type: 'actorOnline', actorId: 2, actorName: 'Kim', onlineTotal: 3 });
    expect(withoutOfflineActors(items, idOf, presence)).toEqual(items);
    expect(withoutOfflineActors(items, idOf, null)).toEqual(items);
  });
});
