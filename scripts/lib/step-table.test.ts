import { describe, expect, it } from 'vitest';
import { stepTable } from './step-table';

describe("npm test's step table", () => {
  it('lists each step with its seconds and tests, then the total, and says which ran side by side', () => {
    const table = stepTable(
      [
        { name: 'Typecheck', seconds: 23.94, beside: true },
        { name: 'Lint', seconds: 31.3, beside: true },
        { name: 'Unit tests', seconds: 153.6, tests: 906 },
        { name: 'Emulator tests (rules, delivery)', seconds: 416.5, tests: 3061 },
      ],
      633.25,
    );
    expect(table.split('\n')).toEqual([
      'Step                                      Seconds  Tests',
      '─'.repeat(56),
      'Typecheck ∥                                  23.9       ',
      'Lint ∥                                       31.3       ',
      'Unit tests                                  153.6    906',
      'Emulator tests (rules, delivery)            416.5  3,061',
      '─'.repeat(56),
      'Total                                       633.3  3,967',
      '∥ ran side by side: the total is the wall-clock time, not their sum.',
    ]);
  });

  it('gives the steps run so far when one failed, and no test total when none counted tests', () => {
    expect(
      stepTable([{ name: 'Typecheck', seconds: 2 }], 2)
        .split('\n')
        .at(-1),
    ).toBe('Total                                         2.0       ');
  });
});
