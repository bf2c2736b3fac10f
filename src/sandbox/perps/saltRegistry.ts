/**
 * Salts already spent on signed operations, per owner, for the whole sandbox run (and across
 * runs with a sandbox state file): a signed op replayed with the same (owner, salt) is refused
 * with `duplicate_salt`, whatever its `ts`. A salt is spent only when its operation succeeds.
 */
export class SaltRegistry {
  /** Lower-case owner → spent salts. */
  private readonly spent = new Map<string, Set<number>>();

  /** Runs after every newly spent salt. */
  onChange: () => void = () => {};

  has(owner: string, salt: number): boolean {
    return this.spent.get(owner.toLowerCase())?.has(salt) ?? false;
  }

  spend(owner: string, salt: number): void {
    const key = owner.toLowerCase();
    const salts = this.spent.get(key) ?? new Set<number>();
    if (salts.has(salt)) return;
    salts.add(salt);
    this.spent.set(key, salts);
    this.onChange();
  }

  /** Lower-case owner → its spent salts in spending order. */
  snapshot(): Record<string, number[]> {
    return Object.fromEntries([...this.spent].map(([owner, salts]) => [owner, [...salts]]));
  }

  restore(spent: Readonly<Record<string, readonly number[]>>): void {
    this.spent.clear();
    for (const [owner, salts] of Object.entries(spent)) this.spent.set(owner.toLowerCase(), new Set(salts));
  }
}
