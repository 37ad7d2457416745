/** Legal texts for the terms, privacy and imprint pages. */
import type { Language } from '@vela/contracts/common';
import type { LegalText, LegalTextType, PageServices } from '@vela/contracts/pages';
import type { Db } from '@vela/db/client';
import { createLegalRepository, type LegalTextRow } from './legal.repository.ts';

/** The product whose texts the platform shows. */
export const LEGAL_PRODUCT = 'vela';

function present(row: LegalTextRow): LegalText {
  return {
    id: row.id,
    type: row.type,
    product: row.product,
    version: row.version,
    language: row.language,
    html: row.html,
  };
}

export function createLegalService(db: Db): Pick<PageServices, 'legalText'> {
  const repo = createLegalRepository(db);
  return {
    /** The newest version in the language, else the newest English one (en is the fallback). */
    async legalText(lang: Language, type: LegalTextType) {
      const row =
        (await repo.newest(type, LEGAL_PRODUCT, lang)) ??
        (lang === 'en' ? null : await repo.newest(type, LEGAL_PRODUCT, 'en'));
      return row ? present(row) : null;
    },
  };
}
