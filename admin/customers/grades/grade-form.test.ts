import { describe, expect, it } from 'vitest';
import { gradeFormSchema } from '../../../contract/endpoints/member-grades';
import { gradeDraft, gradeInput, NEW_GRADE } from './grade-form';

describe('gradeInput', () => {
  it('turns the privileges typed one a line into a list, blank and padded lines tidied', () => {
    const input = gradeInput({ ...NEW_GRADE, Name: '银卡', PrivilegesText: ' 生日礼券 \n\n优先发货\n  ' });
    expect(input.Privileges).toEqual(['生日礼券', '优先发货']);
    expect(input).not.toHaveProperty('PrivilegesText');
    expect(input).not.toHaveProperty('Id');
  });

  it('round-trips a row into a save the schema takes with the record’s id and version', () => {
    const row = {
      Id: 7,
      Name: '金卡',
      Level: 3,
      GrowthThreshold: 5000,
      DiscountPercent: 95,
      FreeShipping: true,
      Privileges: ['生日礼券'],
      Icon: 'i',
      CardBackground: 'c',
      IsDefault: false,
      MemberCount: 2,
      Version: 4,
      UpdatedAt: '',
    };
    const input = gradeInput(gradeDraft(row));
    expect(input).toEqual({
      Name: '金卡',
      Level: 3,
      GrowthThreshold: 5000,
      DiscountPercent: 95,
      FreeShipping: true,
      Privileges: ['生日礼券'],
      Icon: 'i',
      CardBackground: 'c',
      IsDefault: false,
    });
    expect(gradeFormSchema.safeParse({ Id: 7, Version: 4, ...input }).success).toBe(true);
  });
});
