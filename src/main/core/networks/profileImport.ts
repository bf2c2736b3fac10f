/**
 * Reads an exported profiles file and decides, profile by profile, what may be imported and why
 * the rest may not. Pure: the caller writes the accepted profiles only when nothing was refused,
 * so an import is all or nothing and the user fixes the file knowing every problem at once.
 */
import { z } from 'zod';
import { networkProfileSchema, SANDBOX_NETWORK_ID, type NetworkProfile, type RefusedImport } from '../../../shared/networkProfiles';

export const MAX_IMPORTED_PROFILES = 50;

/** The file's envelope, checked before its profiles are looked at one by one. */
const envelopeSchema = z
  .object({
    format: z.literal('marketdesk-network-profiles', { error: 'this is not a Marketdesk network profiles file' }),
    version: z.literal(1, { error: 'this file was written by a newer Marketdesk (format version is not 1)' }),
    profiles: z.array(z.unknown()).max(MAX_IMPORTED_PROFILES, `a file holds at most ${MAX_IMPORTED_PROFILES} profiles`),
  })
  .strict();

export interface ImportContext {
  existingIds: ReadonlySet<string>;
  activeId: string;
  /** Replace profiles with the same id (never the active one). */
  replaceExisting: boolean;
}

export interface ImportDecision {
  accepted: NetworkProfile[];
  refused: RefusedImport[];
  fileProblem: string | null;
}

const issueText = (issue: z.core.$ZodIssue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);

const field = (value: unknown, key: string): string | null => {
  const found = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof found === 'string' ? found.slice(0, 60) : null;
};

export function decideImport(fileText: string, context: ImportContext): ImportDecision {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch {
    return { accepted: [], refused: [], fileProblem: 'The file is not JSON.' };
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return { accepted: [], refused: [], fileProblem: `The file was not imported: ${issueText(envelope.error.issues[0]!)}.` };

  const accepted: NetworkProfile[] = [];
  const refused: RefusedImport[] = [];
  const seen = new Set<string>();
  envelope.data.profiles.forEach((raw, index) => {
    const problems: string[] = [];
    const parsed = networkProfileSchema.safeParse(raw);
    if (!parsed.success) problems.push(...parsed.error.issues.slice(0, 8).map(issueText));
    const id = parsed.success ? parsed.data.id : field(raw, 'id');
    if (id === SANDBOX_NETWORK_ID) problems.push('id: "sandbox" belongs to the embedded sandbox');
    else if (id !== null && seen.has(id)) problems.push(`id: "${id}" appears more than once in the file`);
    else if (id !== null && id === context.activeId) problems.push(`id: "${id}" is the active network; switch to another before replacing it`);
    else if (id !== null && context.existingIds.has(id) && !context.replaceExisting) problems.push(`id: a profile "${id}" already exists (choose to replace existing profiles, or delete it first)`);
    if (id !== null) seen.add(id);
    if (problems.length > 0) refused.push({ position: index + 1, id, label: parsed.success ? parsed.data.label : field(raw, 'label'), problems });
    else if (parsed.success) accepted.push(parsed.data);
  });
  return { accepted, refused, fileProblem: envelope.data.profiles.length === 0 ? 'The file holds no profiles.' : null };
}
