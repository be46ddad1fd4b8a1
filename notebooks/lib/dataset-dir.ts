const datasets = new URL('../../datasets/', import.meta.url);

const hasManifest = (dir: URL): boolean => {
  try {
    return Deno.statSync(new URL('manifest.json', dir)).isFile;
  } catch {
    return false;
  }
};

/**
 * The dataset the notebooks read: `DATASET_DIR` when set (the server's variable; the notebook
 * check points it at a freshly built small dataset), else `datasets/default` when it has been
 * built, else the committed 400-launch `datasets/test-small`.
 */
export function datasetDir(): string {
  const chosen = Deno.env.get('DATASET_DIR');
  if (chosen) return chosen;
  const built = new URL('default/', datasets);
  return decodeURIComponent((hasManifest(built) ? built : new URL('test-small/', datasets)).pathname);
}
