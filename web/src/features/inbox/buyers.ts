/**
 * Enquiries from the same buyer: the same email address or the same phone number, compared as
 * admission control compares them (contract/enquiry/contact-keys.ts), so "3 enquiries from this buyer"
 * counts what admission counts as one person. Two enquiries that share only a number, and a third
 * that shares that one's address, are one buyer.
 */
import { contactKeysOf } from '@contract/enquiry/contact-keys';
import { enquiryKey } from '@contract/enquiry/stored-enquiry';

type Keyed = { collection: string; id: string; data: Record<string, unknown> };

/** The buyer's keys as strings that cannot collide between an address and a number. */
function buyerKeys(data: Record<string, unknown>): string[] {
  const { email, phone } = contactKeysOf(data);
  return [email && `email:${email}`, phone && `phone:${phone}`].filter(Boolean);
}

/** Whether two enquiries share an address or a number. */
export function sameBuyer(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set(buyerKeys(a));
  return buyerKeys(b).some((key) => keys.has(key));
}

/**
 * For each enquiry (by `collection/id`), the `collection/id` of every enquiry of its buyer among
 * those given, itself included, in the order given.
 */
export function groupByBuyer<T extends Keyed>(enquiries: T[]): Map<string, string[]> {
  const parent = new Map<string, string>();
  const find = (node: string): string => {
    let root = node;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(node, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  for (const enquiry of enquiries) {
    const node = enquiryKey(enquiry);
    parent.set(node, parent.get(node) ?? node);
    for (const key of buyerKeys(enquiry.data)) {
      if (!parent.has(key)) parent.set(key, key);
      join(node, key);
    }
  }
  const members = new Map<string, string[]>();
  for (const enquiry of enquiries) {
    const root = find(enquiryKey(enquiry));
    members.set(root, [...(members.get(root) ?? []), enquiryKey(enquiry)]);
  }
  return new Map(
    enquiries.map((enquiry) => [enquiryKey(enquiry), members.get(find(enquiryKey(enquiry))) ?? []]),
  );
}
