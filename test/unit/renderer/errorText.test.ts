import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/renderer/lib/errorText';

const RENDERER = join(import.meta.dirname, '..', '..', '..', 'src', 'renderer');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('errorText', () => {
  it("adds the server's trace id to the sentence", () => {
    expect(errorText({ message: 'The analytics service refused the request.', traceId: 'tr-42' })).toBe('The analytics service refused the request. (trace tr-42)');
  });

  it('says the sentence alone without a trace id, and does not repeat one the sentence already has', () => {
    expect(errorText({ message: 'Not found.' })).toBe('Not found.');
    expect(errorText({ message: 'Something went wrong in getPortfolio (trace 9f3c).', traceId: '9f3c' })).toBe('Something went wrong in getPortfolio (trace 9f3c).');
  });

  it('is how every renderer file shows a bridge error (no error.message read anywhere else)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(RENDERER)) {
      if (file.endsWith(join('lib', 'errorText.ts'))) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // A thrown Error's message is text we built (through errorText when it came from a bridge error).
          if (/[eE]rror\??\.message\b/.test(line) && !line.includes('instanceof Error')) offenders.push(`${relative(RENDERER, file)}:${index + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
