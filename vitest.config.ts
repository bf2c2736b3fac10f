import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take a minute or more of waiting (soaks, stalls, clock steps, 10,000 signatures).
 * A fresh clone has no timing cache, so vitest would start them last, by file size, and leave one
 * worker idle for minutes while they finish; started first, the short files fill in around them.
 */
const LONGEST_FIRST = [
  'shortSoak', 'loadAcrossStallAndClockStep', 'historyWalks', 'degradedServices', 'reconciledAfterOutage', 'crashSafety',
  'budgetAcrossStall', 'differentialV1', 'differentialV2', 'analyticsWalkUnderFaults',
];
const rank = (file: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
  return index < 0 ? LONGEST_FIRST.length : index;
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b)); // stable: the rest keep vitest's order
  }
}

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/security/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Integration tests start loopback servers; two cores do not gain from many workers.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
