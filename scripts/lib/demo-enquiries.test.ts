import { describe, expect, it } from 'vitest';
import { checkEnquiryDocument } from '../../functions/src/contract/enquiry/enquiry';
import { isReachablePhone } from '../../functions/src/contract/enquiry/phone-plans';
import { contactKeysOf } from '../../functions/src/contract/enquiry/contact-keys';
import { demoDocument, demoEnquiries } from './demo-enquiries';
import { parseSalesArgs, SalesUsageError, useAuthEmulator } from './sales-accounts';
import { ENQUIRY_COLLECTIONS } from '../../functions/src/contract/enquiry/collections';

describe('npm run seed', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const enquiries = demoEnquiries(now);

  it('adds about thirty enquiries the contract accepts, in both forms, over several weeks', () => {
    expect(enquiries.length).toBe(30);
    for (const enquiry of enquiries) {
      expect(
        checkEnquiryDocument(enquiry.collection, { ...enquiry.fields, createdAt: now }),
        enquiry.id,
      ).toEqual([]);
      expect(enquiry.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    for (const collection of ENQUIRY_COLLECTIONS)
      expect(enquiries.filter((enquiry) => enquiry.collection === collection).length).toBeGreaterThanOrEqual(
        8,
      );
    const weeks = new Set(
      enquiries.map((enquiry) =>
        Math.floor((now.getTime() - enquiry.createdAt.getTime()) / (7 * 86_400_000)),
      ),
    );
    expect(weeks.size).toBeGreaterThanOrEqual(6);
  });

  it('has buyers abroad with their own numbers and time zones, never a +91 guess', () => {
    const abroad = enquiries.filter((enquiry) => enquiry.fields.phone?.startsWith('+'));
    expect(new Set(abroad.map((enquiry) => enquiry.fields.name)).size).toBeGreaterThanOrEqual(6);
    const tunde = enquiries.find((enquiry) => enquiry.fields.name === 'Tunde Adeyemi');
    expect(tunde?.fields).toMatchObject({ phone: '+447400123456', timezone: 'Europe/London' });
    const adaeze = enquiries.find((enquiry) => enquiry.fields.name === 'Adaeze Okafor');
    expect(adaeze?.fields).toMatchObject({ phone: '+2348012345678', timezone: 'Africa/Lagos' });
    for (const enquiry of abroad) expect(isReachablePhone(enquiry.fields.phone ?? '')).toBe(true);
  });

  it('has buyers who wrote three times, the third time with their address in capitals', () => {
    const byBuyer = new Map<string, number>();
    for (const enquiry of enquiries) {
      const key = contactKeysOf(enquiry.fields).phone;
      byBuyer.set(key, (byBuyer.get(key) ?? 0) + 1);
    }
    expect([...byBuyer.values()].filter((count) => count === 3)).toHaveLength(2);
    expect(enquiries.some((enquiry) => enquiry.fields.email === enquiry.fields.email?.toUpperCase())).toBe(
      true,
    );
  });

  it('is stored as admission and the inbox leave it: contact keys, and a first contact answered or awaited', () => {
    for (const enquiry of enquiries) {
      const document = demoDocument(enquiry);
      const notification = document.notification as Record<string, unknown>;
      expect(notification.contactKeys).toEqual(contactKeysOf(enquiry.fields));
      if (enquiry.notification.state === 'DUPLICATE')
        expect(notification).not.toHaveProperty('firstContactAt');
      else if (enquiry.followUp) {
        expect(enquiry.followUp.firstContactAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(notification.responseSeconds).toBeGreaterThan(0);
      } else expect(notification.firstContactAt).toBeNull();
    }
    expect(enquiries.filter((enquiry) => enquiry.followUp).length).toBeGreaterThan(10);
    expect(enquiries.filter((enquiry) => !enquiry.followUp).length).toBeGreaterThan(5);
  });

  it('makes a large database of buyers with two or three enquiries each', () => {
    const large = demoEnquiries(now, 20_000);
    expect(large).toHaveLength(20_000);
    const buyers = new Set(large.map((enquiry) => contactKeysOf(enquiry.fields).email));
    expect(buyers.size).toBeGreaterThan(7_000);
    for (const enquiry of large.slice(0, 500))
      expect(
        checkEnquiryDocument(enquiry.collection, { ...enquiry.fields, createdAt: now }),
        enquiry.id,
      ).toEqual([]);
  });

  it('shows every state the inbox must make stand out, and some follow-up', () => {
    const states = new Set(enquiries.map((enquiry) => enquiry.notification.state));
    for (const state of ['SENT', 'FAILED', 'HELD', 'DIGESTED', 'DUPLICATE']) expect(states).toContain(state);
    expect(enquiries.some((enquiry) => enquiry.followUp?.status === 'Won')).toBe(true);
  });
});

describe('npm run sales', () => {
  it('reads grant-owner like grant', () => {
    expect(parseSalesArgs(['grant-owner', 'owner@example.com'])).toMatchObject({ action: 'grant-owner' });
  });

  it('reads grant and revoke with an email, on the emulator unless given a project', () => {
    expect(parseSalesArgs(['grant', 'a@example.com'])).toEqual({
      action: 'grant',
      email: 'a@example.com',
      projectId: 'demo-sme-hair',
    });
    expect(parseSalesArgs(['revoke', 'a@example.com', '--project', 'sme-hair-live']).projectId).toBe(
      'sme-hair-live',
    );
    expect(useAuthEmulator('demo-sme-hair', {})).toBe('127.0.0.1:9099');
    expect(useAuthEmulator('sme-hair-live', {})).toBeNull();
  });

  it.each([
    [[]],
    [['promote', 'a@example.com']],
    [['grant']],
    [['grant', 'not-an-email']],
    [['grant', 'a@example.com', 'b@example.com']],
  ])('refuses %j with a usage line', (argv) => {
    expect(() => parseSalesArgs(argv)).toThrow(SalesUsageError);
  });
});
