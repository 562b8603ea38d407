import { describe, expect, it } from 'vitest';
import { phoneLinks } from './contact-links';
import { phoneProblem, phoneValidity } from './phone-plans';
import { buyerClockText, knownTimeZone } from './buyer-time';

describe('a stored number, checked against its country’s plan', () => {
  it.each([
    ['9876543210', '+919876543210', '+91 98765 43210'],
    ['+12125550100', '+12125550100', '+1 212 555 0100'],
    ['+447911123456', '+447911123456', '+44 7911 123456'],
  ])('%s is valid: dialled as %s, shown as %s', (stored, e164, display) => {
    expect(phoneValidity(stored)).toEqual({ valid: true, e164, display });
    expect(phoneLinks(stored)?.tel).toBe(`tel:${e164}`);
  });

  it.each([
    ['0000000000', 'not a valid number for India'],
    ['0123456789', 'not a valid number for India'],
    ['+112345678901234', 'not a valid number for the United States'],
    ['+999123456789', 'not a valid phone number'],
    ['+4400000000', 'not a valid number for the United Kingdom'],
    ['', 'not a valid phone number'],
  ])('%s is stored as the form allows, but %s: no call and no WhatsApp link', (stored, note) => {
    expect(phoneValidity(stored)).toEqual({ valid: false, note });
    expect(phoneLinks(stored, 'Hello')).toBeNull();
  });

  it('keeps the spec’s ten-digit rule for the form itself', () => {
    expect(phoneProblem('0000000000', 'IN')).toBeNull();
  });
});

describe('the buyer’s time zone', () => {
  const now = new Date('2026-03-02T05:00:00Z');

  it.each(['Asia/Kolkata', 'Asia/Calcutta', 'America/New_York', 'UTC', 'Etc/GMT+5'])(
    'knows %s, a zone a browser sends',
    (zone) => {
      expect(knownTimeZone(zone)).toBe(zone);
      expect(buyerClockText(now, zone)).toMatch(/^\d{1,2}:\d{2} [ap]m in /);
    },
  );

  it.each(['Call_us_on_WhatsApp_at_spam-example', 'Europe/Atlantis', 'SystemV/AST4', 'Etc/Unknown'])(
    'drops %s, which the rules’ pattern lets through, and shows no clock for it',
    (zone) => {
      expect(knownTimeZone(zone)).toBeNull();
      expect(buyerClockText(now, zone)).toBeNull();
    },
  );
});
