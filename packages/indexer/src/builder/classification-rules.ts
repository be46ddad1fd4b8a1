/**
 * Every threshold the snapshot builder and the outcome labeller apply. Their sources and
 * reasoning are in docs/methodology.md; change a number there and here together.
 */
export interface ClassificationRules {
  /** A sniper's first buy lands at most this many slots after the create (≈ 0.8 s). */
  readonly sniperMaxSlotDelay: number;
  /** A bundle is the run of buys at consecutive tx indexes right after the create, in its slot (Jito: ≤ 5 txs). */
  readonly bundleMaxBuys: number;
  /** Early buyers: first buy within this many seconds of the create (not sniper, not insider). */
  readonly earlyWindowS: number;
  /** Fresh wallet: first incoming SOL at most this long before its first buy, and no earlier launch traded. */
  readonly freshMaxAgeS: number;
  /** Notable: a KOL, or a wallet that traded at least this many earlier launches. */
  readonly notableMinLaunches: number;
  /** Fewer holders than this at migration means holder data are lacking: the token is skipped. */
  readonly minHolders: number;
  /** Whale: a holder whose known SOL balance is at least this. */
  readonly whaleMinSol: number;
  /** Wash wallet: at least this many buys and as many sells on the curve… */
  readonly washMinRoundTrips: number;
  /** …ending with a net position of at most this share of the tokens it bought. */
  readonly washMaxNetShare: number;
  /** Scalp: a buy sold back within this many seconds. */
  readonly scalpMaxHoldS: number;
  /** Price ticks are buckets of this many seconds (last trade price in the bucket). */
  readonly tickResolutionS: number;
  /** Rugged: market cap falls at least this far from its post-migration peak… */
  readonly rugDrawdownPct: number;
  /** …within this long after analysis… */
  readonly rugWindowS: number;
  /** …or sits at or under this share of the analysis market cap… */
  readonly rugFloorPct: number;
  /** …this long after analysis. */
  readonly rugFloorAtS: number;
  /** Exit window: the price held at or above the analysis price for at least this long. */
  readonly exitWindowS: number;
  /** The label settles this long after analysis. */
  readonly settleAfterS: number;
}

export const DEFAULT_RULES: ClassificationRules = {
  sniperMaxSlotDelay: 2,
  bundleMaxBuys: 4,
  earlyWindowS: 300,
  freshMaxAgeS: 24 * 3600,
  notableMinLaunches: 25,
  minHolders: 10,
  whaleMinSol: 100,
  washMinRoundTrips: 3,
  washMaxNetShare: 0.1,
  scalpMaxHoldS: 60,
  tickResolutionS: 5,
  rugDrawdownPct: 90,
  rugWindowS: 24 * 3600,
  rugFloorPct: 10,
  rugFloorAtS: 6 * 3600,
  exitWindowS: 60,
  settleAfterS: 24 * 3600,
};
