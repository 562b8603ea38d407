import { describe, expect, it } from 'vitest';
import { mailUsageSentence, readMailUsage } from './mail-usage';

describe("the mail budget's use of a day, as the inbox says it", () => {
  it('sums every kind against the day’s budget', () => {
    const usage = readMailUsage({ budget: 424, sales: 41, acknowledgement: 12, digest: 4 });
    expect(mailUsageSentence(usage)).toBe(
      'Emails today: 57 of 424 (sales 41, acknowledgements 12, digests 4)',
    );
  });

  it('counts a kind that sent nothing yet as none, and a day without a document as none yet', () => {
    expect(mailUsageSentence(readMailUsage({ budget: 424, sales: 3 }))).toBe(
      'Emails today: 3 of 424 (sales 3, acknowledgements 0, digests 0)',
    );
    expect(mailUsageSentence(readMailUsage(undefined))).toBe('Emails today: none yet');
  });
});
