/**
 * The mail budget's use of one India-time day: every email the site sends is of one kind and
 * counts against one daily budget (functions/src/enquiry/mail-budget.ts). The functions keep
 * `mail-usage/<day>` with a count per kind and the day's budget; the inbox's summary reads it.
 *
 * Part of the contract: no imports.
 */

/** What the site emails: a new kind (a quote, say) is one more name here and one rule in mail-budget.ts. */
export const MAIL_KINDS = ['sales', 'acknowledgement', 'digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** On the usage document: the day's whole budget, beside one count field per kind (named as the kind). */
export const MAIL_USAGE_BUDGET_FIELD = 'budget';

export type MailUsage = { budget: number; counts: Record<MailKind, number> };

/** How a summary names each kind, in the order of MAIL_KINDS. */
const KIND_WORDS: Record<MailKind, string> = {
  sales: 'sales',
  acknowledgement: 'acknowledgements',
  digest: 'digests',
};

const countOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A usage document as stored; null when there is none (no email went that day). */
export function readMailUsage(data: Record<string, unknown> | undefined): MailUsage | null {
  if (!data) return null;
  return {
    budget: countOf(data[MAIL_USAGE_BUDGET_FIELD]),
    counts: Object.fromEntries(MAIL_KINDS.map((kind) => [kind, countOf(data[kind])])) as Record<
      MailKind,
      number
    >,
  };
}

/** "Emails today: 57 of 424 (sales 41, acknowledgements 12, digests 4)". */
export function mailUsageSentence(usage: MailUsage | null): string {
  if (!usage) return 'Emails today: none yet';
  const total = MAIL_KINDS.reduce((sum, kind) => sum + usage.counts[kind], 0);
  const parts = MAIL_KINDS.map((kind) => `${KIND_WORDS[kind]} ${usage.counts[kind]}`).join(', ');
  return `Emails today: ${total} of ${usage.budget} (${parts})`;
}
