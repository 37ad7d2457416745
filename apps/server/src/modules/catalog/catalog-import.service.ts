/**
 * The actor and album import (operator API): checks every reference of the batch first (image keys in
 * media_images, category ids, actors of albums, ZIP codes), then writes the whole batch in one
 * transaction (all or nothing). Actors are upserted by name (name_lower is unique); tags are found
 * or created by label; albums and their pictures are written by the gallery's insertAlbumIn in the
 * same transaction. Refusals name the item index and the field.
 */
import type { ErrorCode } from '@vela/contracts/error-codes';
import type { Db } from '@vela/db/client';
import { eq, inArray } from '@vela/db/orm';
import { actorCategories, actors, actorTags, categories, mediaImages, tags } from '@vela/db/schema/catalog';
import { geoLocationByZip } from '@vela/geo/zip';
import { AppError } from '../../http/errors.ts';
import { insertAlbumIn } from '../gallery/album-import.ts';
import type { ImportActor, ImportAlbum, ImportResult } from './catalog-import.schema.ts';

interface Problem {
  index: number;
  field: string;
  message: string;
}

function refuse(code: ErrorCode, problems: Problem[]): never {
  const text = problems
    .slice(0, 10)
    .map((p) => `items[${p.index}].${p.field}: ${p.message}`)
    .join('; ');
  const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : '';
  throw new AppError(code, `${text}${more}`, 400);
}

async function existingImageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const unique = [...new Set(keys)];
  const found = new Set<string>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({ key: mediaImages.key })
      .from(mediaImages)
      .where(inArray(mediaImages.key, unique.slice(i, i + 1000)));
    for (const row of rows) found.add(row.key);
  }
  return found;
}

export function createCatalogImportService(db: Db, now: () => Date = () => new Date()) {
  return {
    async importActors(items: ImportActor[]): Promise<ImportResult> {
      const problems: Problem[] = [];
      const seen = new Map<string, number>();
      items.forEach((item, index) => {
        const key = item.name.toLowerCase();
        const first = seen.get(key);
        if (first !== undefined)
          problems.push({ index, field: 'name', message: `the same name as items[${first}]` });
        else seen.set(key, index);
      });
      if (problems.length > 0) refuse('DUPLICATE_NAME', problems);

      const images = await existingImageKeys(
        db,
        items.map((item) => item.avatarKey),
      );
      items.forEach((item, index) => {
        if (!images.has(item.avatarKey))
          problems.push({
            index,
            field: 'avatarKey',
            message: `no media image has the key ${item.avatarKey}`,
          });
      });
      if (problems.length > 0) refuse('UNKNOWN_IMAGE_KEY', problems);

      const categoryIds = [...new Set(items.flatMap((item) => item.categoryIds))];
      const knownCategories = new Set(
        categoryIds.length === 0
          ? []
          : (
              await db
                .select({ id: categories.id })
                .from(categories)
                .where(inArray(categories.id, categoryIds))
            ).map((row) => row.id),
      );
      items.forEach((item, index) => {
        item.categoryIds.forEach((id, position) => {
          if (!knownCategories.has(id))
            problems.push({
              index,
              field: `categoryIds[${position}]`,
              message: `no category has the id ${id}`,
            });
        });
      });
      if (problems.length > 0) refuse('UNKNOWN_CATEGORY', problems);

      // Where the actor is: given lat/lon win; else the ZIP's position (Germany); else unknown.
      const places = items.map((item, index) => {
        if (item.lat !== undefined && item.lon !== undefined)
          return { lat: item.lat, lon: item.lon, city: null };
        if (item.zipCode && item.countryCode) {
          const location = geoLocationByZip(item.zipCode, item.countryCode);
          if (!location) {
            problems.push({
              index,
              field: 'zipCode',
              message: `${item.zipCode} is not a known postal code of ${item.countryCode} (give lat and lon)`,
            });
            return null;
          }
          return { lat: location.lat, lon: location.lon, city: location.city || null };
        }
        return null;
      });
      if (problems.length > 0) refuse('UNKNOWN_ZIP', problems);

      return db.transaction(async (tx) => {
        const names = items.map((item) => item.name.toLowerCase());
        const existing = new Map(
          (
            await tx
              .select({ id: actors.id, nameLower: actors.nameLower })
              .from(actors)
              .where(inArray(actors.nameLower, names))
          ).map((row) => [row.nameLower, row.id]),
        );
        const ids: number[] = [];
        let created = 0;
        let updated = 0;
        const stamp = now();
        for (const [index, item] of items.entries()) {
          const place = places[index] ?? null;
          const values = {
            name: item.name,
            nameLower: item.name.toLowerCase(),
            gender: item.gender,
            actorType: item.actorType,
            birthDate: item.birthDate,
            spokenLanguages: item.spokenLanguages,
            aboutMe: item.aboutMe,
            city: item.city ?? place?.city ?? null,
            heightCm: item.heightCm ?? null,
            priceVideoCents: item.prices.videoCents,
            priceSingleCents: item.prices.singleCents,
            priceSinglec2cCents: item.prices.singlec2cCents,
            priceVoyeurCents: item.prices.voyeurCents,
            priceMessageCents: item.prices.messageCents,
            multiChatPriceCents: item.prices.multiChatCents,
            priceVideocallCents: item.prices.videocallCents,
            bannedCountryCodes: item.bannedCountryCodes,
            avatarKey: item.avatarKey,
            countryCode: item.countryCode ?? null,
            zipCode: item.zipCode ?? null,
            lat: place?.lat ?? null,
            lon: place?.lon ?? null,
          };
          let id = existing.get(values.nameLower);
          if (id === undefined) {
            const [row] = await tx
              .insert(actors)
              .values({ ...values, registeredAt: item.registeredAt ? new Date(item.registeredAt) : stamp })
              .returning({ id: actors.id });
            id = row?.id as number;
            created += 1;
          } else {
            await tx
              .update(actors)
              .set({ ...values, ...(item.registeredAt ? { registeredAt: new Date(item.registeredAt) } : {}) })
              .where(eq(actors.id, id));
            await tx.delete(actorCategories).where(eq(actorCategories.actorId, id));
            await tx.delete(actorTags).where(eq(actorTags.actorId, id));
            updated += 1;
          }
          ids.push(id);
          const categoryRows = [...new Set(item.categoryIds)].map((categoryId) => ({
            actorId: id,
            categoryId,
          }));
          if (categoryRows.length > 0) await tx.insert(actorCategories).values(categoryRows);
          const labels = [...new Set(item.tags)];
          if (labels.length > 0) {
            await tx
              .insert(tags)
              .values(labels.map((label) => ({ label })))
              .onConflictDoNothing({ target: tags.label });
            const tagRows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.label, labels));
            await tx.insert(actorTags).values(tagRows.map((tag) => ({ actorId: id, tagId: tag.id })));
          }
        }
        return { created, updated, ids };
      });
    },

    async importAlbums(items: ImportAlbum[]): Promise<ImportResult> {
      const problems: Problem[] = [];
      const ids = [...new Set(items.flatMap((item) => (item.actorId ? [item.actorId] : [])))];
      const names = [
        ...new Set(items.flatMap((item) => (item.actorName ? [item.actorName.toLowerCase()] : []))),
      ];
      const byId = new Set(
        ids.length === 0
          ? []
          : (await db.select({ id: actors.id }).from(actors).where(inArray(actors.id, ids))).map(
              (row) => row.id,
            ),
      );
      const byName = new Map(
        names.length === 0
          ? []
          : (
              await db
                .select({ id: actors.id, nameLower: actors.nameLower })
                .from(actors)
                .where(inArray(actors.nameLower, names))
            ).map((row) => [row.nameLower, row.id]),
      );
      const actorIds = items.map((item, index) => {
        if (item.actorId !== undefined) {
          if (byId.has(item.actorId)) return item.actorId;
          problems.push({ index, field: 'actorId', message: `no actor has the id ${item.actorId}` });
          return 0;
        }
        const id = byName.get((item.actorName ?? '').toLowerCase());
        if (id !== undefined) return id;
        problems.push({ index, field: 'actorName', message: `no actor has the name ${item.actorName}` });
        return 0;
      });
      if (problems.length > 0) refuse('UNKNOWN_ACTOR', problems);

      const images = await existingImageKeys(
        db,
        items.flatMap((item) => [item.coverKey, ...item.pictures.map((p) => p.imageKey)]),
      );
      items.forEach((item, index) => {
        if (!images.has(item.coverKey))
          problems.push({ index, field: 'coverKey', message: `no media image has the key ${item.coverKey}` });
        item.pictures.forEach((picture, position) => {
          if (!images.has(picture.imageKey))
            problems.push({
              index,
              field: `pictures[${position}].imageKey`,
              message: `no media image has the key ${picture.imageKey}`,
            });
        });
      });
      if (problems.length > 0) refuse('UNKNOWN_IMAGE_KEY', problems);

      return db.transaction(async (tx) => {
        const created: number[] = [];
        const stamp = now();
        for (const [index, item] of items.entries()) {
          const albumId = await insertAlbumIn(tx, {
            actorId: actorIds[index] as number,
            type: item.type,
            title: item.title,
            priceCents: item.priceCents,
            coverKey: item.coverKey,
            createdAt: item.createdAt ? new Date(item.createdAt) : stamp,
            pictures: item.pictures,
          });
          created.push(albumId);
        }
        return { created: created.length, updated: 0, ids: created };
      });
    },
  };
}
