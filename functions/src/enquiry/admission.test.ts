import { describe, expect, it } from 'vitest';
import {
  ADMISSION_BACKOFF_MAX_MS,
  admissionBackoffMs,
  admissionKeys,
  decideAdmission,
  normaliseText,
} from './admission';
import { phoneKey } from '../contract/enquiry/phone';
import { indiaDayKey, indiaHourKey } from '../contract/base/india-time';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '../contract/enquiry/collections';
import { DEFAULT_ADMISSION_LIMITS } from './deps';

const now = new Date('2026-11-22T18:45:00Z'); // 00:15 on 23 November in India
const counts = { duplicateOf: null, sender: 0, hour: 0, day: 0 };

describe('admission', () => {
  it('sends while every counter is under its limit', () => {
    expect(decideAdmission(counts, DEFAULT_ADMISSION_LIMITS)).toEqual({ verdict: 'send' });
  });

  it('records a duplicate before anything else, then holds for the sender, the hour and the day', () => {
    const limits = DEFAULT_ADMISSION_LIMITS;
    expect(decideAdmission({ ...counts, duplicateOf: 'c/x', hour: 999 }, limits)).toEqual({
      verdict: 'duplicate',
      duplicateOf: 'c/x',
    });
    expect(decideAdmission({ ...counts, sender: limits.perSenderDaily }, limits)).toEqual({
      verdict: 'held',
      reason: 'sender-limit',
    });
    expect(decideAdmission({ ...counts, hour: limits.hourlyCap }, limits)).toEqual({
      verdict: 'held',
      reason: 'hourly-cap',
    });
    expect(decideAdmission({ ...counts, day: limits.dailyCap }, limits)).toEqual({
      verdict: 'held',
      reason: 'daily-cap',
    });
  });

  it('counts days and hours in India time', () => {
    expect(indiaDayKey(now)).toBe('2026-11-23');
    expect(indiaHourKey(now)).toBe('2026-11-23T00');
  });

  it('names counters by hashes, never by the name, address or number', () => {
    const keys = admissionKeys(
      ENQUIRY_COLLECTION,
      {
        name: 'Priya Raman',
        email: 'Priya@Example.com',
        phone: '9876543210',
        message: 'Hello there, need hair',
      },
      now,
    );
    expect(Object.values(keys).join(' ')).not.toMatch(/priya|raman|example|9876543210/i);
    const same = admissionKeys(
      ENQUIRY_COLLECTION,
      {
        name: ' PRIYA  Raman\u200b',
        email: ' priya@example.com',
        phone: '+91 98765 43210',
        message: 'HELLO   there, need hair ',
      },
      now,
    );
    expect(same).toEqual(keys);
  });

  it('counts a sender as who the enquiry claims to be: name, email and phone together', () => {
    const buyer = {
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '9876543210',
      message: 'Hi there all',
    };
    const key = (data: Record<string, string>) => admissionKeys(ENQUIRY_COLLECTION, data, now).sender;
    // A stranger who borrows the buyer's phone, or email, with anything else is another sender.
    expect(key({ ...buyer, email: 'stranger@example.com' })).not.toBe(key(buyer));
    expect(key({ ...buyer, phone: '9000000001' })).not.toBe(key(buyer));
    expect(key({ ...buyer, name: 'Squatter' })).not.toBe(key(buyer));
    expect(key({ ...buyer, message: 'Another message entirely' })).toBe(key(buyer));
  });

  it('calls an enquiry a duplicate only when the same person says the same thing', () => {
    const popup = (name: string, business: string) =>
      admissionKeys(POPUP_ENQUIRY_COLLECTION, { name, email: 'a@b.co', phone: '9000000000', business }, now)
        .duplicate;
    expect(popup('Arun', 'Others')).not.toBe(popup('Arun', 'I am a Wholesaler'));
    // Six popups with a buyer's email and phone, one per business, under another name: none is theirs.
    expect(popup('Squatter', 'Others')).not.toBe(popup('Arun', 'Others'));
    expect(popup('ARUN ', 'Others')).toBe(popup('Arun', 'Others'));
    expect(normaliseText('ＡＢＣ  d')).toBe('abc d');
  });

  it('reads an Indian number however it is written', () => {
    for (const written of [
      '9876543210',
      '+91 98765 43210',
      '098765-43210',
      '91 9876543210',
      '0091 98765 43210',
    ])
      expect(phoneKey(written)).toBe('9876543210');
  });

  it('reads a number abroad as its E.164 number, never as an Indian one with the same digits', () => {
    for (const written of ['+12125550100', '+1 212-555-0100', '001 212 555 0100'])
      expect(phoneKey(written)).toBe('+12125550100');
    expect(phoneKey('2125550100')).toBe('2125550100');
    const now = new Date('2026-11-22T10:00:00+05:30');
    const buyer = {
      name: 'Grace Miller',
      email: 'grace@millerhair.com',
      phone: '+12125550100',
      message: 'x',
    };
    const stranger = { ...buyer, phone: '2125550100' };
    const keys = (data: Record<string, unknown>) => admissionKeys(ENQUIRY_COLLECTION, data, now);
    expect(keys(stranger).sender).not.toBe(keys(buyer).sender);
    expect(keys(stranger).duplicate).not.toBe(keys(buyer).duplicate);
    expect(keys({ ...buyer, phone: '+1 212 555 0100' }).sender).toBe(keys(buyer).sender);
  });

  it('makes a claim that lost a round wait a random time under a ceiling that doubles, up to a cap', () => {
    expect(admissionBackoffMs(1, () => 0.999)).toBe(4);
    expect(admissionBackoffMs(3, () => 0.999)).toBe(19);
    expect(admissionBackoffMs(40, () => 0.999)).toBe(ADMISSION_BACKOFF_MAX_MS - 1);
    expect(admissionBackoffMs(40, () => 0)).toBe(0);
    const waits = Array.from({ length: 200 }, () => admissionBackoffMs(6));
    expect(new Set(waits).size).toBeGreaterThan(20);
  });
});
