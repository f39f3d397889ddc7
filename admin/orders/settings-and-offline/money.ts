import { fenToYuan } from '../../../src/lib/format';

/** Integer fen as the UI shows money: ¥ and two decimals, the sign before the ¥. */
export function formatFen(fen: number): string {
  return fen < 0 ? `-¥${fenToYuan(-fen)}` : `¥${fenToYuan(fen)}`;
}
