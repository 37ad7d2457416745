/**
 * The guest service's pin call calls (spec 7): start (phone number, type, language), verify (id, type,
 * pin) and the guest's verifications (spec 3), each checked against @vela/contracts/pincall.
 */
import type { Language } from '@vela/contracts/common';
import {
  PINCALL_DOCUMENTS,
  type PincallStartResult,
  PincallStartResultSchema,
  type PincallVerifications,
  PincallVerificationsSchema,
  type PincallVerifyResult,
  PincallVerifyResultSchema,
} from '@vela/contracts/pincall';
import type { PincallType } from '@vela/domain/pincall';
import { graphqlField, pageAccessToken } from '../api/graphql.ts';
import { RestError } from '../api/rest.ts';

/** What a contract schema offers here (structural: the page imports no zod itself, first-load.test). */
interface Checks<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

async function call<T>(
  field: keyof typeof PINCALL_DOCUMENTS,
  variables: object,
  schema: Checks<T>,
): Promise<T> {
  const value = await graphqlField(PINCALL_DOCUMENTS[field], variables, field, await pageAccessToken());
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RestError('INVALID_RESPONSE', 'The answer does not fit the contract', 200);
  return parsed.data;
}

export const loadPincallVerifications = (): Promise<PincallVerifications> =>
  call('pincallVerifications', {}, PincallVerificationsSchema);

export const startPincall = (
  phoneNumber: string,
  type: PincallType,
  language: Language,
): Promise<PincallStartResult> =>
  call('pincallStart', { phoneNumber, type, language }, PincallStartResultSchema);

export const verifyPincall = (id: string, type: PincallType, pin: string): Promise<PincallVerifyResult> =>
  call('pincallVerify', { id, type, pin }, PincallVerifyResultSchema);
