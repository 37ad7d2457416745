/**
 * Legal texts as files (spec 7 `asset/legal-text/download/{legalTextId}`): the stored text of one
 * version (spec 3 legal text: type, product, version, language) as a standalone HTML document with
 * `Content-Disposition: attachment` and a file name like `vela-terms-en-v2.0.html`. The answer is the
 * file, not `{ success, data }`; an unknown id is 404 NOT_FOUND, a non-numeric one 400.
 */
import { z } from 'zod';
import { definePage } from './endpoint.ts';

/** A legal text id: digits only, no sign, no exponent, within the serial's range. */
export const LegalTextIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'legalTextId must be a positive number')
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

export const legalPages = {
  download: definePage({
    method: 'GET',
    path: 'asset/legal-text/download/:legalTextId',
    params: z.object({ legalTextId: LegalTextIdSchema }),
  }),
};
