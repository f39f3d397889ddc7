import { type FreightPart, type FreightRules, quoteFreight } from '../../../contract/freight';
import { AppError } from '../../http/errors';
import { destinationOf, regionName } from '../comm/service';
import type { PricedLine } from './pricing';

/**
 * Express freight of priced lines to an address: the goods' templates through the one freight
 * function (contract/freight.ts), the address's province and city resolved to the area tree's codes.
 * A template that does not deliver there, or cannot tell from the address, refuses with the goods
 * and the region named.
 */
export function expressFreight(
  lines: readonly PricedLine[],
  address: { Province: string; City: string },
): { freightFen: number; parts: FreightPart[] } {
  const templates = new Map<number, FreightRules>();
  for (const line of lines)
    if (line.freightTemplateId !== null && line.freight) templates.set(line.freightTemplateId, line.freight);
  const destination = destinationOf(address.Province, address.City);
  const quote = quoteFreight(
    lines.map((line) => ({
      templateId: line.freightTemplateId,
      quantity: line.quantity,
      weightG: line.weightG,
      volumeCm3: line.volumeCm3,
      amountFen: line.amountFen,
    })),
    templates,
    destination,
  );
  const goodsOf = (templateId: number) => lines.find((line) => line.freightTemplateId === templateId)!.name;
  switch (quote.kind) {
    case 'charged':
      return { freightFen: quote.totalFen, parts: quote.parts };
    case 'undeliverable':
      throw new AppError(
        'order.undeliverable',
        { goods: goodsOf(quote.templateId), region: regionName(quote.region) ?? quote.region },
        { field: 'Address' },
      );
    case 'unknownRegion':
      throw destination.provinceCode === null
        ? new AppError(
            'order.unknownProvince',
            { province: address.Province, goods: goodsOf(quote.templateId) },
            { field: 'Address.Province' },
          )
        : new AppError(
            'order.unknownCity',
            { city: address.City, goods: goodsOf(quote.templateId) },
            { field: 'Address.City' },
          );
    case 'tooHigh':
      throw new AppError(
        'order.freightTooHigh',
        { yuan: (quote.totalFen / 100).toFixed(2) },
        { field: 'Lines' },
      );
  }
}
