interface Cell {
  readonly cell_type: string;
  readonly outputs?: readonly { readonly output_type: string; readonly data?: object }[];
}

const richKinds = (cell: Cell): Set<string> =>
  new Set(
    (cell.outputs ?? [])
      .filter((o) => o.output_type === 'execute_result' || o.output_type === 'display_data')
      .flatMap((o) => Object.keys(o.data ?? {})),
  );

/**
 * Rich outputs (charts, tables) the saved notebook shows that a fresh run of the same cells did
 * not produce: a kernel message lost on the way, or a cell that stopped returning its chart.
 */
export function missingOutputs(
  saved: { cells: readonly Cell[] },
  executed: { cells: readonly Cell[] },
): string[] {
  const problems: string[] = [];
  saved.cells.forEach((cell, i) => {
    if (cell.cell_type !== 'code') return;
    const fresh = richKinds(executed.cells[i] ?? { cell_type: 'code' });
    const lost = [...richKinds(cell)].filter((kind) => !fresh.has(kind));
    if (lost.length > 0) problems.push(`cell ${i + 1} produced no ${lost.join(', ')} output this time`);
  });
  return problems;
}
