// The download's progress line for `npm start`: bytes, percent, speed and time left, updated in
// place on a terminal and written as separate, spaced-out lines to a log or a pipe.
import { describe, expect, it } from 'vitest';
import { createProgressReporter, progressLine } from '../../../scripts/downloadProgress.mjs';

const label = 'Downloading electron-v45.5.0-linux-x64.zip';

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

describe('progressLine', () => {
  it('says bytes of the total, percent, speed and time left', () => {
    expect(progressLine({ label, transferred: 41_200_000, total: 104_700_000, elapsedMs: 8_000 })).toBe(
      `${label}: 41.2 MB of 104.7 MB (39%), 5.2 MB/s, about 13 s left`,
    );
  });

  it('gives small sizes in kB and leaves out what it cannot know', () => {
    expect(progressLine({ label, transferred: 3_200, total: null, elapsedMs: 1_000 })).toBe(`${label}: 3.2 kB, 3.2 kB/s`);
    expect(progressLine({ label, transferred: 0, total: 1_000, elapsedMs: 0 })).toBe(`${label}: 0.0 kB of 1.0 kB (0%), 0.0 kB/s`);
    expect(progressLine({ label, transferred: 1_000, total: 1_000, elapsedMs: 500 })).toBe(`${label}: 1.0 kB of 1.0 kB (100%), 2.0 kB/s`);
  });
});

describe('createProgressReporter', () => {
  it('on a terminal: one line rewritten in place, at most every 100 ms, closed at the end', () => {
    let time = 0;
    const stream = sink(true);
    const progress = createProgressReporter(stream, label, { now: () => time });
    time = 1_000;
    progress.update({ transferred: 1_000_000, total: 4_000_000 });
    time = 1_050;
    progress.update({ transferred: 1_500_000, total: 4_000_000 }); // within 100 ms: held back
    time = 2_000;
    progress.update({ transferred: 4_000_000, total: 4_000_000 });
    progress.end();
    expect(stream.writes).toEqual([
      `\r${label}: 1.0 MB of 4.0 MB (25%), 1.0 MB/s, about 3 s left\x1b[K`,
      `\r${label}: 4.0 MB of 4.0 MB (100%), 2.0 MB/s\x1b[K`,
      '\n',
    ]);
  });

  it('in a log: a line every 5 s, and the last state once at the end', () => {
    let time = 0;
    const stream = sink(false);
    const progress = createProgressReporter(stream, label, { now: () => time });
    time = 1_000;
    progress.update({ transferred: 1_000_000, total: 3_000_000 });
    time = 3_000;
    progress.update({ transferred: 2_000_000, total: 3_000_000 });
    time = 4_000;
    progress.update({ transferred: 3_000_000, total: 3_000_000 });
    progress.update({ transferred: 3_000_000, total: 3_000_000 }); // the downloader's closing report
    progress.end();
    expect(stream.writes).toEqual([
      `${label}: 1.0 MB of 3.0 MB (33%), 1.0 MB/s, about 2 s left\n`,
      `${label}: 3.0 MB of 3.0 MB (100%), 750.0 kB/s\n`,
    ]);
  });

  it('writes nothing when nothing was downloaded', () => {
    const stream = sink(true);
    createProgressReporter(stream, label).end();
    expect(stream.writes).toEqual([]);
  });
});
