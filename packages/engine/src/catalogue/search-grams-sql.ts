/**
 * The search index of a serving store: one row per distinct three-character piece ("gram") of
 * each token's lower-case symbol and name, with what a search filters and orders by. A fragment
 * of three or more characters occurs only in texts holding its first three characters, so a
 * search reads the rows of one gram (sorted by gram, their zone maps skip the rest) instead of
 * every token's texts, and checks the whole fragment on those rows only.
 */
export const SEARCH_GRAMS_TABLE = 'ix_search_grams';

/** Characters in a gram. */
const GRAM = 3;

/** The grams of a lower-case text column: `[]` for NULL or fewer than three characters. */
function gramsOf(text: string): string {
  return `list_transform(range(1, length(coalesce(${text}, '')) - ${GRAM - 2}), i -> substr(${text}, i, ${GRAM}))`;
}

/** `CREATE TABLE` text of the search index, from the store's `tokens`. */
export function searchGramsTableSql(): string {
  return `CREATE TABLE ${SEARCH_GRAMS_TABLE} AS
SELECT gram, mint, analyzed_at, platform, mcap_at_analysis_usd, sl, nl FROM (
  SELECT mint, analyzed_at, platform, mcap_at_analysis_usd, sl, nl,
    unnest(list_distinct(list_concat(${gramsOf('sl')}, ${gramsOf('nl')}))) AS gram
  FROM (SELECT *, lower(symbol) AS sl, lower(name) AS nl FROM tokens)
)
ORDER BY gram, analyzed_at DESC, mint`;
}

/**
 * The gram a lower-case fragment is looked up by (its first three characters, counted as
 * DuckDB's `substr` counts them: by code point), or null when it is shorter.
 */
export function searchGramOf(fragment: string): string | null {
  const chars = [...fragment];
  return chars.length < GRAM ? null : chars.slice(0, GRAM).join('');
}
