/**
 * The checked-in allow-list of Electronegativity findings: read strictly, then matched against a
 * run's findings. Every entry names one check in one file, how many findings of it there are, and
 * why each is acceptable. Anything the list does not cover fails the gate, and so does an entry
 * that no longer matches what the tool finds (the list must say exactly what is accepted).
 */
import { readFileSync } from 'node:fs';

const ENTRY_KEYS = new Set(['check', 'file', 'count', 'reason']);
/** Long enough that "fp" or "ok" will not do: the reason is the review, written down. */
export const MIN_REASON_LENGTH = 20;

/** Reads and validates the allow-list; throws an Error whose message lists every problem. */
export function readAllowlist(path) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`electronegativity allow-list ${path}: cannot read it as JSON (${error.message})`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.entries)) {
    throw new Error(`electronegativity allow-list ${path}: expected an object with an "entries" array`);
  }
  const problems = [];
  const seen = new Set();
  const entries = parsed.entries.map((entry, index) => {
    const where = `entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${where}: not an object`);
      return null;
    }
    for (const key of Object.keys(entry)) if (!ENTRY_KEYS.has(key)) problems.push(`${where}: unknown field "${key}"`);
    const label = `${where} (${String(entry.check)} in ${String(entry.file)})`;
    if (typeof entry.check !== 'string' || !/^[A-Z0-9_]+$/.test(entry.check)) problems.push(`${label}: "check" must be a check id such as CONTEXT_ISOLATION_JS_CHECK`);
    if (typeof entry.file !== 'string' || entry.file.trim() === '') problems.push(`${label}: "file" must be a path relative to the repository root`);
    if (entry.count !== undefined && !(Number.isInteger(entry.count) && entry.count >= 1)) problems.push(`${label}: "count" must be a positive integer`);
    if (typeof entry.reason !== 'string' || entry.reason.trim().length < MIN_REASON_LENGTH) {
      problems.push(`${label}: every entry needs a "reason" of at least ${MIN_REASON_LENGTH} characters saying why the finding is acceptable`);
    }
    const key = `${entry.check}\u0000${entry.file}`;
    if (seen.has(key)) problems.push(`${label}: listed twice`);
    seen.add(key);
    return { check: entry.check, file: entry.file, count: entry.count ?? 1, reason: entry.reason };
  });
  if (problems.length > 0) throw new Error(`electronegativity allow-list ${path} is invalid:\n  ${problems.join('\n  ')}`);
  return entries;
}

/**
 * Splits findings ({check, file, ...}) into allowed and not allowed, and lists the entries that
 * do not match exactly (none found, or a different number than the entry's count).
 */
export function matchAllowlist(findings, entries) {
  const allowed = [];
  const notAllowed = [];
  const stale = [];
  for (const entry of entries) {
    const matching = findings.filter((f) => f.check === entry.check && f.file === entry.file);
    if (matching.length !== entry.count) stale.push({ entry, found: matching.length });
  }
  for (const finding of findings) {
    const entry = entries.find((e) => e.check === finding.check && e.file === finding.file);
    const sameSoFar = allowed.filter((a) => a.entry === entry).length;
    if (entry && sameSoFar < entry.count) allowed.push({ finding, entry });
    else notAllowed.push(finding);
  }
  return { allowed, notAllowed, stale };
}
