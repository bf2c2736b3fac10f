/** The jobs a network switch would stop: JobRunner lists the running ones with their last progress. */
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { describeJob } from '../../../src/main/core/networks/switchPreflight';
import { JobRunner } from '../../../src/main/core/trading/jobs';

describe('running jobs for the switch preflight', () => {
  it('lists a job from its start with its latest progress, and forgets it once it ends', async () => {
    const runner = new JobRunner(new RateBudget(), () => undefined);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const done = runner.run('activitySync', 'job-1', async ({ progress }) => {
      progress(40, 2);
      await gate;
    });
    expect(runner.list()).toEqual([expect.objectContaining({ jobId: 'job-1', kind: 'activitySync', rows: 40, pages: 2, done: false })]);
    release();
    await done;
    expect(runner.list()).toEqual([]);
  });

  it('names each kind and says which resume after a switch', () => {
    expect(describeJob('activitySync')).toEqual({ name: 'History sync', resumes: true });
    expect(describeJob('perpsFundingSync').resumes).toBe(true);
    expect(describeJob('trades')).toEqual({ name: 'Reading trades', resumes: false });
    expect(describeJob('export').resumes).toBe(false);
  });
});
