import { describe, expect, it } from 'vitest';
import { ageOn, checkAvsForm } from './avs-check.ts';

const today = new Date(Date.UTC(2026, 5, 15));

describe('AVS form check (spec 4 age verification: adults only)', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-06-15', today)).toBe(18);
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(ageOn('2008-02-29', today)).toBe(18);
  });

  it('refuses dates that do not exist or lie in the future', () => {
    expect(ageOn('2001-02-29', today)).toBeNull();
    expect(ageOn('2001-13-01', today)).toBeNull();
    expect(ageOn('2030-01-01', today)).toBeNull();
    expect(ageOn('15.06.2000', today)).toBeNull();
  });

  it('an adult with a valid document passes; a minor is refused', () => {
    const valid = { fullName: 'Anna Example', birthDate: '1990-01-01', documentNumber: 'L01X00T47' };
    expect(checkAvsForm(valid, today)).toEqual({});
    expect(checkAvsForm({ ...valid, birthDate: '2010-01-01' }, today)).toEqual({ birthDate: 'avsUnderage' });
  });

  it('names each invalid field', () => {
    expect(checkAvsForm({ fullName: '', birthDate: '', documentNumber: '' }, today)).toEqual({
      fullName: 'required',
      birthDate: 'required',
      documentNumber: 'required',
    });
    expect(checkAvsForm({ fullName: 'Al', birthDate: '1990-02-30', documentNumber: 'ab c!' }, today)).toEqual(
      {
        fullName: 'invalidFullName',
        birthDate: 'invalidBirthDate',
        documentNumber: 'invalidDocumentNumber',
      },
    );
  });
});
