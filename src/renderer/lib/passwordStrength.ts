/**
 * A local estimate of how hard a vault password is to guess, for the meter on the create form.
 * It never leaves this window and is only advice: main enforces the length rule. The estimate is
 * deliberately pessimistic about what people actually type — common passwords, keyboard walks,
 * runs and repeats count for almost nothing, however long they are.
 */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: StrengthScore;
  label: 'Very weak' | 'Weak' | 'Fair' | 'Strong' | 'Very strong';
  /** Rough guessing entropy in bits, after penalties. */
  bits: number;
  /** What would make it stronger, most useful first; empty when nothing to say. */
  hints: string[];
}

export const MIN_PASSWORD_LENGTH = 8;

/** The most used passwords and the words they are built from; a match is a first guess for anyone. */
const COMMON = new Set([
  'password', 'passw0rd', 'password1', '123456', '1234567', '12345678', '123456789', '1234567890',
  'qwerty', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'abc123', 'letmein', 'welcome', 'monkey',
  'dragon', 'football', 'baseball', 'iloveyou', 'admin', 'login', 'master', 'sunshine', 'princess',
  'shadow', 'superman', 'trustno1', 'starwars', 'whatever', 'freedom', 'secret', 'changeme',
  'default', 'qazwsx', '111111', '000000', '654321', '666666', '121212', 'bitcoin', 'ethereum',
  'crypto', 'wallet', 'metamask', 'trading', 'trader', 'market', 'marketdesk', 'polymarket', 'money',
  'vault', 'hunter2', 'access', 'mustang', 'michael', 'jordan', 'charlie', 'hello', 'flower',
]);

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', 'abcdefghijklmnopqrstuvwxyz'];

/** Undo the usual substitutions so "P@ssw0rd!" is recognised as "password". */
function deLeet(text: string): string {
  return text
    .toLowerCase()
    .replace(/[@4]/g, 'a')
    .replace(/3/g, 'e')
    .replace(/[1!|]/g, 'i')
    .replace(/0/g, 'o')
    .replace(/[$5]/g, 's')
    .replace(/7/g, 't');
}

function containsCommonWord(password: string): string | null {
  const plain = deLeet(password).replace(/[^a-z0-9]/g, '');
  const lettersOnly = plain.replace(/[0-9]/g, '');
  for (const candidate of [password.toLowerCase(), plain, lettersOnly]) {
    if (COMMON.has(candidate)) return candidate;
  }
  let longest: string | null = null;
  for (const word of COMMON) {
    if (word.length >= 5 && (plain.includes(word) || lettersOnly.includes(word)) && word.length > (longest?.length ?? 0)) longest = word;
  }
  return longest;
}

/** Characters that belong to a run ("aaaa"), a sequence ("abcd", "4321") or a keyboard walk ("qwer"). */
function predictableCharacters(password: string): number {
  const text = password.toLowerCase();
  const predictable = new Array<boolean>(text.length).fill(false);
  const mark = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) predictable[i] = true;
  };
  // Runs of one character and sequences stepping by +1/-1 in code points.
  for (let start = 0; start < text.length; ) {
    let end = start + 1;
    const step = text.length > start + 1 ? text.charCodeAt(start + 1) - text.charCodeAt(start) : 0;
    if (Math.abs(step) <= 1) {
      while (end < text.length && text.charCodeAt(end) - text.charCodeAt(end - 1) === step) end += 1;
    }
    if (end - start >= 3) mark(start, end);
    start = end > start + 1 ? end : start + 1;
  }
  // Keyboard walks of four or more along a row, either direction.
  for (const row of KEYBOARD_ROWS) {
    const reversed = [...row].reverse().join('');
    for (let len = Math.min(text.length, row.length); len >= 4; len -= 1) {
      for (let i = 0; i + len <= text.length; i += 1) {
        const piece = text.slice(i, i + len);
        if (row.includes(piece) || reversed.includes(piece)) mark(i, i + len);
      }
    }
  }
  // A repeated block ("abcabcabc", "xy12xy12"): everything after the first copy is predictable.
  const repeat = /(.{2,}?)\1+/g;
  for (let match = repeat.exec(text); match; match = repeat.exec(text)) {
    mark(match.index + (match[1]?.length ?? 0), match.index + match[0].length);
  }
  return predictable.filter(Boolean).length;
}

function alphabetSize(password: string): { size: number; classes: number } {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].map((pattern) => pattern.test(password));
  const sizes = [26, 26, 10, 33];
  const size = classes.reduce((sum, present, i) => sum + (present ? (sizes[i] ?? 0) : 0), 0);
  return { size: Math.max(size, 10), classes: classes.filter(Boolean).length };
}

const LABELS: PasswordStrength['label'][] = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];

export function estimatePasswordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  const { size, classes } = alphabetSize(password);
  const predictable = predictableCharacters(password);
  const common = containsCommonWord(password);
  // Predictable characters add about one bit each, the rest their alphabet's worth.
  const free = Math.max(0, length - predictable - (common ? common.length : 0));
  let bits = free * Math.log2(size) + (length - free) * 1;
  if (common && common.length >= length - 2) bits = Math.min(bits, 10);

  const hints: string[] = [];
  if (length < MIN_PASSWORD_LENGTH) hints.push(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (common) hints.push(`Avoid common words and passwords ("${common}").`);
  if (predictable >= 3) hints.push('Avoid repeats, sequences and keyboard patterns.');
  if (classes < 3 && length < 16) hints.push('Mix upper and lower case, digits and symbols — or use a longer passphrase.');
  if (length < 12 && hints.length === 0) hints.push('Longer is stronger: 12 characters or more.');

  let score: StrengthScore = bits >= 80 ? 4 : bits >= 60 ? 3 : bits >= 40 ? 2 : bits >= 28 ? 1 : 0;
  if (length < MIN_PASSWORD_LENGTH) score = 0;
  else if (common && score > 1) score = 1;
  return { score, label: LABELS[score] ?? 'Very weak', bits: Math.round(bits), hints };
}
