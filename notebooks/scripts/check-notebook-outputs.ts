interface Output {
  readonly output_type: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly ename?: string;
  readonly evalue?: string;
}

interface Cell {
  readonly cell_type: string;
  readonly execution_count?: number | null;
  readonly outputs?: readonly Output[];
}

interface Notebook {
  readonly cells: readonly Cell[];
  readonly metadata?: { readonly kernelspec?: { readonly name?: string } };
}

/**
 * What is wrong with an executed notebook: another kernel, a code cell that did not run, an
 * error output, or no chart (an `image/svg+xml` output) anywhere. Empty when it is fine.
 */
export function checkNotebookOutputs(notebook: Notebook, kernelName: string): string[] {
  const problems: string[] = [];
  const kernel = notebook.metadata?.kernelspec?.name;
  if (kernel !== kernelName) problems.push(`kernelspec is ${kernel ?? 'missing'}, expected ${kernelName}`);
  let charts = 0;
  notebook.cells.forEach((cell, i) => {
    if (cell.cell_type !== 'code') return;
    if (cell.execution_count == null) problems.push(`cell ${i + 1} has not been run`);
    for (const out of cell.outputs ?? []) {
      if (out.output_type === 'error') problems.push(`cell ${i + 1} failed: ${out.ename}: ${out.evalue}`);
      if (out.data?.['image/svg+xml'] !== undefined) charts++;
    }
  });
  if (charts === 0) problems.push('no chart (image/svg+xml output) in the notebook');
  return problems;
}
