/**
 * Operator routes of the catalog import, mounted under `/rest/v1/internal` behind the internal guard
 * (token + IP allow-list, internal.routes.ts):
 * - POST internal/catalog/actors  { items: ImportActor[] (max 500) } -> { created, updated, ids }
 * - POST internal/catalog/albums  { items: ImportAlbum[] (max 500) } -> { created, updated, ids }
 * A refused batch writes nothing; the message names `items[<index>].<field>`.
 */
import type { Db } from '@vela/db/client';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { publishCatalogChanged } from './catalog.events.ts';
import { ImportActorSchema, ImportAlbumSchema, ImportBatchSchema } from './catalog-import.schema.ts';
import { createCatalogImportService } from './catalog-import.service.ts';

/** 500 actors with four about-me texts fit comfortably. */
const BODY_LIMIT = 8 * 1024 * 1024;

/** `items[3].birthDate: Invalid date` for every issue (the first 10). */
function parseBatch<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const text = result.error.issues
    .slice(0, 10)
    .map((issue) => {
      const [root, index, ...rest] = issue.path;
      const where =
        root === 'items' && typeof index === 'number'
          ? `items[${index}]${rest.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}`
          : issue.path.map(String).join('.') || 'body';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
  throw new AppError('VALIDATION_ERROR', text, 400);
}

export function catalogImportRoutes(deps: { db: Db; bus: EventBus }): FastifyPluginAsync {
  const service = createCatalogImportService(deps.db);
  const operatorLog = (request: FastifyRequest, action: string, details: Record<string, unknown>) =>
    request.log.info({ operator: { action, ip: request.ip, ...details } }, `internal api: ${action}`);
  return async (app) => {
    app.post('/catalog/actors', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const { items } = parseBatch(ImportBatchSchema(ImportActorSchema), request.body);
      const result = await service.importActors(items);
      operatorLog(request, 'catalog.import.actors', { created: result.created, updated: result.updated });
      await publishCatalogChanged(deps.bus, 'actors', request.log);
      reply.code(result.created > 0 ? 201 : 200);
      return { success: true, data: result };
    });

    app.post('/catalog/albums', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const { items } = parseBatch(ImportBatchSchema(ImportAlbumSchema), request.body);
      const result = await service.importAlbums(items);
      operatorLog(request, 'catalog.import.albums', { created: result.created });
      await publishCatalogChanged(deps.bus, 'albums', request.log);
      reply.code(201);
      return { success: true, data: result };
    });
  };
}
