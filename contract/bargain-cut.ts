/**
 * How much each help cuts off a bargain launch (DESIGN §11 "drawn fairly"). A launch starts at the
 * goods' price less the first cut and must reach the floor price exactly at its last needed help:
 * the last help takes whatever is left, and no help ever cuts below the floor. The server draws the
 * random cuts with crypto randomness and stores each one with the help.
 */

export const CUT_MODES = ['random', 'fixed'] as const;
export type CutMode = (typeof CUT_MODES)[number];

/** A whole number drawn uniformly from `min` to `max`, both included. */
export type DrawInteger = (min: number, max: number) => number;

export interface CutState {
  /** What is left to cut before the floor, in fen. */
  remainingFen: number;
  /** Helps still needed, this one included. */
  helpsLeft: number;
  mode: CutMode;
}

/**
 * The cut of the next help, in fen.
 *
 * `fixed`: equal shares of what is left, rounded up, so the launch moves the same way for every
 * helper and the last one takes the rest.
 *
 * `random`: uniform between 1 fen and twice the fair share less one (the "double mean" rule), so a
 * help's expected cut is the fair share, every later help keeps at least a fen to cut, and the last
 * help takes the rest. With fewer fen than helps left, each help cuts one fen.
 */
export function nextCut(state: CutState, draw: DrawInteger): number {
  const remaining = Math.max(0, Math.floor(state.remainingFen));
  if (remaining === 0) return 0;
  if (state.helpsLeft <= 1) return remaining;
  if (state.mode === 'fixed') return Math.ceil(remaining / state.helpsLeft);
  // Twice the fair share less one leaves at least a fen for every later help: with r fen over h
  // helps, r − (2r/h − 1) ≥ h − 1 whenever r ≥ h; with fewer fen than helps the draw is 1 fen.
  return draw(1, Math.max(1, Math.floor((2 * remaining) / state.helpsLeft) - 1));
}

/** The price a launch starts at: the goods' price less the first cut, never below the floor. */
export function launchStartFen(priceFen: number, floorFen: number, firstCutFen: number): number {
  return Math.max(floorFen, priceFen - Math.max(0, firstCutFen));
}
