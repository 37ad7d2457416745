/**
 * The gallery's write of an imported album, offered to the operator import (catalog/, decision
 * 0037: the owner writes its tables, the import chooses the transaction so a batch stays all or
 * nothing).
 */
import type { Db } from '@vela/db/client';
import { albums, pictures } from '@vela/db/schema/gallery';

export interface ImportedAlbum {
  actorId: number;
  type: (typeof albums.$inferInsert)['type'];
  title: string;
  priceCents: number;
  coverKey: string;
  createdAt: Date;
  pictures: readonly { imageKey: string; ageRating: number; position: number }[];
}

/** Inserts the album and its pictures in `tx`; its new id. */
export async function insertAlbumIn(tx: Db, album: ImportedAlbum): Promise<number> {
  const [row] = await tx
    .insert(albums)
    .values({
      actorId: album.actorId,
      type: album.type,
      title: album.title,
      priceCents: album.priceCents,
      coverKey: album.coverKey,
      createdAt: album.createdAt,
    })
    .returning({ id: albums.id });
  const albumId = row?.id as number;
  if (album.pictures.length > 0)
    await tx.insert(pictures).values(
      album.pictures.map((picture) => ({
        albumId,
        imageKey: picture.imageKey,
        ageRating: picture.ageRating,
        position: picture.position,
      })),
    );
  return albumId;
}
