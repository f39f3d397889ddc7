import type { PointsSetting } from '../../../contract/endpoints/points';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/** The points rules form's draft: the minimum order typed in yuan. */
export type SettingDraft = Omit<PointsSetting, 'MinOrderFen'> & { MinOrder: string };

export const SETTING_RENAMES = { MinOrderFen: 'MinOrder' } as const;

export function settingDraft(setting: PointsSetting): SettingDraft {
  const { MinOrderFen, ...rest } = setting;
  return { ...rest, MinOrder: fenToYuanText(MinOrderFen) };
}

/** The save call's input; text that is no amount is passed on for the schema to refuse on its field. */
export function settingInput(draft: SettingDraft, version: number) {
  const { MinOrder, ...rest } = draft;
  return { ...rest, MinOrderFen: yuanToFen(MinOrder) ?? Number.NaN, Version: version };
}
