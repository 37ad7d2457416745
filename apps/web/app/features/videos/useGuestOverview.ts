/**
 * The guest's part of the /videos/ overview (decision 0033). The page is rendered once for everyone:
 * the visitors' blocks, no bought flags. For a logged-in guest the page adds, after hydration, the
 * bought block (their bought videos in the category's default order, as many as the other blocks
 * show) and the bought flag of every video of the page they bought, from two tile grid calls (spec 7
 * `tileGrid/get/videos`, the guest's session cookie).
 */
import type { VideoListItem } from '@vela/contracts/videos';
import { OVERVIEW_BLOCK_SIZE, sortsFor, VIDEO_LIMIT_MAX } from '@vela/domain/video-listings';
import { useEffect, useMemo, useState } from 'react';
import { endpointData } from '../api/rest.ts';
import { useViewer } from '../auth/useViewer.tsx';
import { gridParams } from './listings.ts';

/** The bought block: `pending` while it may still come (placeholder), `none` for visitors. */
export type BoughtBlock =
  | { status: 'pending' }
  | { status: 'none' }
  | { status: 'ready'; items: VideoListItem[] };

interface GuestPart {
  bought: VideoListItem[];
  boughtIds: ReadonlySet<number>;
}

const BOUGHT_SORT = sortsFor('boughtVideos')[0] ?? 'newest';

async function fetchGuestPart(ids: number[]): Promise<GuestPart> {
  // The declaration and its answer's schema (with zod) load with the guest's first call, not with the
  // page (decision 0035).
  const { videosEndpoints } = await import('@vela/contracts/videos');
  const [block, among] = await Promise.all([
    endpointData(videosEndpoints.tileGrid, {
      params: gridParams({
        category: 'boughtVideos',
        sort: BOUGHT_SORT,
        filter: {},
        offset: 0,
        limit: OVERVIEW_BLOCK_SIZE,
      }),
    }),
    ids.length === 0
      ? null
      : endpointData(videosEndpoints.tileGrid, {
          params: gridParams({
            category: 'boughtVideos',
            sort: BOUGHT_SORT,
            filter: { ids },
            offset: 0,
            limit: ids.length,
          }),
        }),
  ]);
  return { bought: block.items, boughtIds: new Set(among?.items.map((item) => item.id)) };
}

/** The overview's blocks with the guest's bought flags, and the guest's bought block. */
export function useGuestOverview<B extends { items: VideoListItem[] }>(
  blocks: B[],
): { blocks: B[]; bought: BoughtBlock } {
  const { loggedIn, pending } = useViewer();
  const ids = useMemo(
    () =>
      [...new Set(blocks.flatMap((block) => block.items.map((item) => item.id)))].slice(0, VIDEO_LIMIT_MAX),
    [blocks],
  );
  const [part, setPart] = useState<GuestPart | 'failed' | null>(null);
  useEffect(() => {
    setPart(null);
    if (!loggedIn) return;
    let current = true;
    fetchGuestPart(ids).then(
      (next) => current && setPart(next),
      // Without an answer the page stays as visitors see it: no flags, no bought block.
      () => current && setPart('failed'),
    );
    return () => {
      current = false;
    };
  }, [loggedIn, ids]);
  const flagged = useMemo(() => {
    if (part === null || part === 'failed' || part.boughtIds.size === 0) return blocks;
    const { boughtIds } = part;
    return blocks.map((block) => ({
      ...block,
      items: block.items.map((item) =>
        boughtIds.has(item.id) ? { ...item, guestInfo: { ...item.guestInfo, bought: true } } : item,
      ),
    }));
  }, [blocks, part]);
  const bought: BoughtBlock =
    pending || (loggedIn && part === null)
      ? { status: 'pending' }
      : loggedIn && part !== null && part !== 'failed'
        ? { status: 'ready', items: part.bought }
        : { status: 'none' };
  return { blocks: flagged, bought };
}
