import type {
  FreightTemplate,
  NamedRegion,
  SaveFreightTemplateInput,
} from '../../../contract/endpoints/freight-templates';
import {
  type ChargeMode,
  type FreeWhen,
  type FreightRule,
  formatUnits,
  parseUnits,
} from '../../../contract/freight';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/** A rule as the operator types it: amounts in the mode's display unit, fees in yuan. */
export interface RuleDraft {
  First: string;
  FirstFee: string;
  Next: string;
  NextFee: string;
  FreeWhen: FreeWhen;
  FreeQuantity: string;
  FreeAmount: string;
}

export interface RegionRuleDraft extends RuleDraft {
  Regions: NamedRegion[];
}

export interface FreightDraft {
  Name: string;
  ChargeMode: ChargeMode;
  DefaultRule: RuleDraft;
  Rules: RegionRuleDraft[];
  Undeliverable: NamedRegion[];
}

/** Where a save error on an input field shows in the draft. */
export const FREIGHT_RENAMES = {
  FirstFen: 'FirstFee',
  NextFen: 'NextFee',
  FreeAmountFen: 'FreeAmount',
} as const;

/** A new rule: one unit (one piece, 1 kg, 1 m³) for a fee the operator types. */
export function blankRule(mode: ChargeMode): RuleDraft {
  const one = formatUnits(mode, parseUnits(mode, '1')!);
  return {
    First: one,
    FirstFee: '',
    Next: one,
    NextFee: '',
    FreeWhen: 'never',
    FreeQuantity: '',
    FreeAmount: '',
  };
}

export function newFreightDraft(): FreightDraft {
  return { Name: '', ChargeMode: 'piece', DefaultRule: blankRule('piece'), Rules: [], Undeliverable: [] };
}

function ruleDraft(rule: FreightRule, mode: ChargeMode): RuleDraft {
  const byQuantity = rule.FreeWhen === 'quantity' || rule.FreeWhen === 'both';
  const byAmount = rule.FreeWhen === 'amount' || rule.FreeWhen === 'both';
  return {
    First: formatUnits(mode, rule.First),
    FirstFee: fenToYuanText(rule.FirstFen),
    Next: formatUnits(mode, rule.Next),
    NextFee: fenToYuanText(rule.NextFen),
    FreeWhen: rule.FreeWhen,
    FreeQuantity: byQuantity ? String(rule.FreeQuantity) : '',
    FreeAmount: byAmount ? fenToYuanText(rule.FreeAmountFen) : '',
  };
}

export function freightDraft(template: FreightTemplate): FreightDraft {
  return {
    Name: template.Name,
    ChargeMode: template.ChargeMode,
    DefaultRule: ruleDraft(template.DefaultRule, template.ChargeMode),
    Rules: template.Rules.map((rule) => ({
      ...ruleDraft(rule, template.ChargeMode),
      Regions: rule.Regions,
    })),
    Undeliverable: template.Undeliverable,
  };
}

// Stryker disable next-line MethodExpression: Number() trims the same whitespace as trim().
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Typed amounts as the save call takes them; what was typed wrong becomes NaN for the schema to name. */
export function ruleInput(draft: RuleDraft, mode: ChargeMode): FreightRule {
  const byQuantity = draft.FreeWhen === 'quantity' || draft.FreeWhen === 'both';
  const byAmount = draft.FreeWhen === 'amount' || draft.FreeWhen === 'both';
  return {
    First: parseUnits(mode, draft.First) ?? Number.NaN,
    FirstFen: yuanToFen(draft.FirstFee) ?? Number.NaN,
    Next: parseUnits(mode, draft.Next) ?? Number.NaN,
    NextFen: yuanToFen(draft.NextFee) ?? Number.NaN,
    FreeWhen: draft.FreeWhen,
    // A threshold the condition does not use is not sent: hidden fields never block a save.
    FreeQuantity: byQuantity ? wholeNumber(draft.FreeQuantity) : 0,
    FreeAmountFen: byAmount ? (yuanToFen(draft.FreeAmount) ?? Number.NaN) : 0,
  };
}

export function freightInput(
  draft: FreightDraft,
  record?: { Id: number; Version: number },
): SaveFreightTemplateInput {
  return {
    ...(record ? { Id: record.Id, Version: record.Version } : {}),
    Name: draft.Name,
    ChargeMode: draft.ChargeMode,
    DefaultRule: ruleInput(draft.DefaultRule, draft.ChargeMode),
    Rules: draft.Rules.map((rule) => ({
      ...ruleInput(rule, draft.ChargeMode),
      Regions: rule.Regions.map((region) => region.Code),
    })),
    Undeliverable: draft.Undeliverable.map((region) => region.Code),
  };
}

/** Every region the draft names, by code: the form says an overlap with the region's name. */
export function regionNames(draft: Pick<FreightDraft, 'Rules' | 'Undeliverable'>): Map<string, string> {
  return new Map(
    [...draft.Rules.flatMap((rule) => rule.Regions), ...draft.Undeliverable].map((region) => [
      region.Code,
      region.Name,
    ]),
  );
}

/** Who holds each region besides the list being edited: a rule's number, or 0 for undeliverable. */
export function regionOwners(
  draft: Pick<FreightDraft, 'Rules' | 'Undeliverable'>,
  editing: number | 'undeliverable',
): Map<string, number> {
  const owners = new Map<string, number>();
  draft.Rules.forEach((rule, index) => {
    if (index !== editing) for (const region of rule.Regions) owners.set(region.Code, index + 1);
  });
  if (editing !== 'undeliverable') for (const region of draft.Undeliverable) owners.set(region.Code, 0);
  return owners;
}
