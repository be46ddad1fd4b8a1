/** The exit ladder's rungs in USD (API-SPEC §2.3). */
export const EXIT_RUNG_SIZES_USD = [100, 1000] as const;
