import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { memorySize } from './options.js';

describe('memorySize', () => {
  it('takes the sizes DuckDB understands', () => {
    for (const size of ['512MB', '2.5GB', '2560MiB', '1 GB'])
      expect(memorySize('--memory-limit')(size)).toBe(size);
  });

  it('refuses anything else, naming the flag', () => {
    for (const size of ['lots', '2560', '-1GB', '1.5 gigabytes']) {
      expect(() => memorySize('--memory-limit')(size)).toThrow(InvalidArgumentError);
      expect(() => memorySize('--memory-limit')(size)).toThrow(/--memory-limit/);
    }
  });
});
