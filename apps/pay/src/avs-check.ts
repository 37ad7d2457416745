/**
 * The dialog's early check of the AVS form (the server checks the same and more): the shapes of
 * AvsRequestSchema, a real calendar date, and an age of at least 18 on the given day.
 */
import { AvsRequestSchema } from '@vela/contracts/guest-api';

export const AVS_MINIMUM_AGE = 18;

export type AvsFieldProblem =
  | 'required'
  | 'invalidFullName'
  | 'invalidBirthDate'
  | 'avsUnderage'
  | 'invalidDocumentNumber';

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC); null when the date does not exist. */
export function ageOn(birthDate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (date.getTime() > today.getTime()) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function checkAvsForm(
  input: { fullName: string; birthDate: string; documentNumber: string },
  today: Date,
): { fullName?: AvsFieldProblem; birthDate?: AvsFieldProblem; documentNumber?: AvsFieldProblem } {
  const shape = AvsRequestSchema.shape;
  const problems: ReturnType<typeof checkAvsForm> = {};
  if (input.fullName.trim() === '') problems.fullName = 'required';
  else if (!shape.fullName.safeParse(input.fullName).success) problems.fullName = 'invalidFullName';
  if (input.birthDate === '') problems.birthDate = 'required';
  else {
    const age = ageOn(input.birthDate, today);
    if (age === null || age > 130) problems.birthDate = 'invalidBirthDate';
    else if (age < AVS_MINIMUM_AGE) problems.birthDate = 'avsUnderage';
  }
  if (input.documentNumber.trim() === '') problems.documentNumber = 'required';
  else if (!shape.documentNumber.safeParse(input.documentNumber).success)
    problems.documentNumber = 'invalidDocumentNumber';
  return problems;
}
