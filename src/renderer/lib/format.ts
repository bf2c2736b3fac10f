/**
 * The renderer's one formatting module: every number and time a view shows comes from here
 * (the source check, test/unit/renderer/formatSourceCheck.test.ts, fails otherwise). The
 * functions live in shared/displayFormat.ts so that main's own question pages show a figure
 * exactly as the page does.
 */
export * from '../../shared/displayFormat';
