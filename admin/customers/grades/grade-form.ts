import type { GradeForm, GradeRow } from '../../../contract/endpoints/member-grades';

/** The grade form's draft: privileges are typed one a line. */
export interface GradeDraft {
  Name: string;
  Level: number;
  GrowthThreshold: number;
  DiscountPercent: number;
  FreeShipping: boolean;
  PrivilegesText: string;
  Icon: string;
  CardBackground: string;
  IsDefault: boolean;
}

export const NEW_GRADE: GradeDraft = {
  Name: '',
  Level: 1,
  GrowthThreshold: 0,
  DiscountPercent: 100,
  FreeShipping: false,
  PrivilegesText: '',
  Icon: '',
  CardBackground: '',
  IsDefault: false,
};

export function gradeDraft(row: GradeRow): GradeDraft {
  return {
    Name: row.Name,
    Level: row.Level,
    GrowthThreshold: row.GrowthThreshold,
    DiscountPercent: row.DiscountPercent,
    FreeShipping: row.FreeShipping,
    PrivilegesText: row.Privileges.join('\n'),
    Icon: row.Icon,
    CardBackground: row.CardBackground,
    IsDefault: row.IsDefault,
  };
}

/** The save call's input: blank lines of the privileges dropped (the engine adds the record's id and version). */
export function gradeInput(draft: GradeDraft): GradeForm {
  const { PrivilegesText, ...rest } = draft;
  return {
    ...rest,
    Privileges: PrivilegesText.split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}
