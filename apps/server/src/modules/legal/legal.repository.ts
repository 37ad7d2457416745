/** All SQL of legal texts (privacy policy, terms, imprint). */
import type { Language } from '@vela/contracts/common';
import type { LegalTextType } from '@vela/contracts/pages';
import type { Db } from '@vela/db/client';
import { and, desc, eq } from '@vela/db/orm';
import { legalTexts } from '@vela/db/schema/legal';

export type LegalTextRow = typeof legalTexts.$inferSelect;

export function createLegalRepository(db: Db) {
  return {
    /** The newest published version of a text (uses legal_texts_lookup_idx). */
    async newest(type: LegalTextType, product: string, language: Language): Promise<LegalTextRow | null> {
      const [row] = await db
        .select()
        .from(legalTexts)
        .where(
          and(eq(legalTexts.type, type), eq(legalTexts.product, product), eq(legalTexts.language, language)),
        )
        .orderBy(desc(legalTexts.publishedAt), desc(legalTexts.id))
        .limit(1);
      return row ?? null;
    },

    /** One stored version by id (the primary key); null when unknown. */
    async byId(id: number): Promise<LegalTextRow | null> {
      const [row] = await db.select().from(legalTexts).where(eq(legalTexts.id, id));
      return row ?? null;
    },
  };
}

export type LegalRepository = ReturnType<typeof createLegalRepository>;
