/** What a search matches and orders on, per token: symbol and name already lower-cased by DuckDB's `lower`. */
export interface CatalogueEntry {
  readonly mint: string;
  readonly symbol_lower: string | null;
  readonly name_lower: string | null;
  readonly analyzed_at: number;
  readonly platform: string;
  readonly mcap_at_analysis_usd: number | null;
}
