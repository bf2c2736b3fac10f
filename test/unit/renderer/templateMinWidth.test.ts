/** A virtual table's narrowest width: its fixed columns and minmax() minimums, the gaps between them and the row's padding. */
import { describe, expect, it } from 'vitest';
import { templateMinWidth } from '../../../src/renderer/components/templateMinWidth';

describe('templateMinWidth', () => {
  it('adds the columns, the gaps between them at the table\'s own gap, and the row padding', () => {
    expect(templateMinWidth('18px minmax(50px, 1fr) 84px')).toBe(18 + 50 + 84 + 2 * 8 + 16);
    expect(templateMinWidth('18px minmax(50px, 1fr) 84px', 6)).toBe(18 + 50 + 84 + 2 * 6 + 16);
  });
});
