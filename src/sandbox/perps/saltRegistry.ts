/**
 * Salts already spent on signed operations, per owner, for the whole sandbox run: a signed op
 * replayed with the same (owner, salt) is refused with `duplicate_salt`, whatever its `ts`.
 * A salt is spent only when its operation succeeds.
 */
export class SaltRegistry {
  private readonly spent = new Set<string>();

  has(owner: string, salt: number): boolean {
    return this.spent.has(`${owner.toLowerCase()}#${salt}`);
  }

  spend(owner: string, salt: number): void {
    this.spent.add(`${owner.toLowerCase()}#${salt}`);
  }
}
