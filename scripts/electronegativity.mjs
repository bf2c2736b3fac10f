/**
 * The Electronegativity gate (`npm run audit:electron`): runs @doyensec/electronegativity over
 * `src/` and fails on any finding that the checked-in allow-list (electronegativity-allowlist.json)
 * does not cover with a reason. The tool itself exits 0 whatever it finds, so this reads its
 * report (the findings and parse errors its documented programmatic API returns) instead.
 *
 * Also fails when the tool could not parse a file (an unparsed file is an unchecked file), when
 * an allow-list entry no longer matches, and when a scanned file carries an inline
 * `eng-disable` comment (the tool drops those findings silently; the allow-list is the one place
 * where a finding is accepted, with its reason).
 *
 * Offline by design: the tool fetches translations and Electron's release list from the network
 * at run time. The release-list check (AvailableSecurityFixesGlobalCheck) is excluded (Electron's
 * version is pinned in package.json and upgraded deliberately), and its HTTP client is replaced
 * by one that refuses at once, so the bundled English texts are used and no run depends on the
 * network or hangs on it.
 *
 *   node scripts/electronegativity.mjs [--input DIR]... [--allowlist FILE]
 * Exit 0: every finding allowed. 1: findings not allowed, stale entries, parse errors or inline
 * disables. 2: bad arguments, an invalid allow-list, or the tool failed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchAllowlist, readAllowlist } from './electronegativityAllowlist.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/** Needs the network; see the header. */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
/** The extensions the tool scans (its util/file.js), for the inline-disable search. */
const SCANNED = /\.(js|jsx|ts|tsx|html|htm)$/;

function parseArgs(argv) {
  const inputs = [];
  let allowlist = join(ROOT, 'electronegativity-allowlist.json');
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if ((flag === '--input' || flag === '--allowlist') && value !== undefined && !value.startsWith('--')) {
      if (flag === '--input') inputs.push(resolve(value));
      else allowlist = resolve(value);
      i += 1;
    } else {
      throw new Error(`unknown or incomplete argument "${flag}"; usage: node scripts/electronegativity.mjs [--input DIR]... [--allowlist FILE]`);
    }
  }
  return { inputs: inputs.length > 0 ? inputs : [join(ROOT, 'src')], allowlist };
}

/** Makes the tool's HTTP client (got) fail at once: no network, no retry timers left behind. */
function takeToolOffline() {
  const toolRequire = createRequire(require.resolve('@doyensec/electronegativity'));
  const gotPath = toolRequire.resolve('got');
  const refuse = () => Promise.reject(new Error('electronegativity runs offline here'));
  refuse.head = refuse;
  require.cache[gotPath] = { id: gotPath, filename: gotPath, path: dirname(gotPath), loaded: true, exports: refuse, children: [] };
}

function electronVersion() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const version = pkg.devDependencies?.electron ?? pkg.dependencies?.electron;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error('package.json must pin electron to an exact version for the Electronegativity checks');
  }
  return version;
}

/** Repository-relative with forward slashes; the tool's global findings have no file ("N/A"). */
const repoPath = (file) => (isAbsolute(file) ? relative(ROOT, file).split(sep).join('/') : file);

function inlineDisables(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !SCANNED.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (file.includes(`${sep}node_modules${sep}`)) continue;
    if (readFileSync(file, 'utf8').includes('eng-disable')) found.push(repoPath(file));
  }
  return found;
}

async function scan(run, input, version) {
  const result = await run({ input, isRelative: false, electronVersionOverride: version, excludeFromScan: EXCLUDED_CHECKS });
  const findings = result.issues.map((issue) => ({
    check: issue.id,
    file: repoPath(issue.file),
    line: issue.location?.line ?? 0,
    column: issue.location?.column ?? 0,
    severity: issue.severity?.name ?? '?',
    confidence: issue.confidence?.name ?? '?',
    description: issue.description ?? '',
    url: issue.shortenedURL ?? '',
  }));
  const parseErrors = result.errors.filter((e) => !e.tolerable).map((e) => ({ file: repoPath(e.file), message: e.message }));
  const warnings = result.errors.filter((e) => e.tolerable).map((e) => ({ file: repoPath(e.file), message: e.message }));
  return { findings, parseErrors, warnings };
}

async function main() {
  const { inputs, allowlist } = parseArgs(process.argv.slice(2));
  const entries = readAllowlist(allowlist);
  const version = electronVersion();
  takeToolOffline();
  const run = require('@doyensec/electronegativity');

  const findings = [];
  const parseErrors = [];
  const disables = [];
  for (const input of inputs) {
    const result = await scan(run, input, version);
    findings.push(...result.findings);
    parseErrors.push(...result.parseErrors);
    for (const w of result.warnings) console.log(`warning: ${w.file}: ${w.message}`);
    disables.push(...inlineDisables(input));
  }
  const { allowed, notAllowed, stale } = matchAllowlist(findings, entries);

  console.log(`electronegativity ${inputs.map(repoPath).join(', ')}: ${findings.length} finding(s), ${allowed.length} allowed by ${repoPath(allowlist)}`);
  for (const { finding, entry } of allowed) console.log(`  allowed  ${finding.check} ${finding.file}:${finding.line} (${entry.reason})`);
  for (const f of notAllowed) {
    console.log(`  NOT ALLOWED  ${f.check} [${f.severity}/${f.confidence}] ${f.file}:${f.line}:${f.column}\n    ${f.description} ${f.url}`);
  }
  for (const { entry, found } of stale) {
    console.log(`  STALE ENTRY  ${entry.check} in ${entry.file}: the allow-list expects ${entry.count}, the tool found ${found}; update or remove the entry`);
  }
  for (const e of parseErrors) console.log(`  PARSE ERROR  ${e.file}: ${e.message} (an unparsed file is an unchecked file)`);
  for (const file of disables) console.log(`  INLINE DISABLE  ${file}: remove the eng-disable comment and add an allow-list entry with a reason`);

  const failed = notAllowed.length + stale.length + parseErrors.length + disables.length;
  if (failed > 0) {
    console.log(`electronegativity gate: FAILED (${notAllowed.length} not allowed, ${stale.length} stale, ${parseErrors.length} parse errors, ${disables.length} inline disables)`);
    process.exit(1);
  }
  console.log('electronegativity gate: passed');
  process.exit(0);
}

main().catch((error) => {
  console.error(`electronegativity gate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
