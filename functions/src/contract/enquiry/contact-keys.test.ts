import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalMailbox, mailboxDomain, normaliseEmail } from './contact-keys';

describe('the mailbox an address delivers to', () => {
  it('drops the +tag, whatever it says', () => {
    for (const address of [
      'victim+1@example.com',
      'victim+5@example.com',
      'victim+@example.com',
      'victim+a+b@example.com',
    ])
      expect(canonicalMailbox(address)).toBe('victim@example.com');
  });

  it('drops the dots where the provider ignores them, and folds googlemail into gmail', () => {
    for (const address of [
      'vic.tim@gmail.com',
      'v.i.c.t.i.m+x@gmail.com',
      'Victim@GoogleMail.com',
      'vic..tim@gmail.com.',
    ])
      expect(canonicalMailbox(address)).toBe('victim@gmail.com');
  });

  it('keeps the dots where a provider may deliver them to someone else', () => {
    expect(canonicalMailbox('vic.tim@example.com')).toBe('vic.tim@example.com');
    expect(canonicalMailbox('vic.tim@example.com')).not.toBe(canonicalMailbox('victim@example.com'));
  });

  it('folds case, width and hidden characters', () => {
    // Fullwidth letters and at sign, a zero-width space, a Kelvin sign: NFKC and lower case make them plain.
    expect(canonicalMailbox('ＶＩＣＴＩＭ＋１＠ｇｍａｉｌ．ｃｏｍ')).toBe('victim@gmail.com');
    expect(canonicalMailbox('vic\u200btim@gmail.com')).toBe('victim@gmail.com');
    expect(canonicalMailbox(' \u212aumar@Example.COM ')).toBe('kumar@example.com');
  });

  it('is the same for any tag and any dots on a Gmail address', () => {
    const localPart = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(
        localPart,
        fc.stringMatching(/^[a-z0-9.+-]{0,10}$/),
        fc.array(fc.nat(11)),
        (local, tag, dots) => {
          const dotted = [...local]
            .map((letter, index) => (dots.includes(index) ? `${letter}.` : letter))
            .join('');
          const variant = `${dotted}+${tag}@${dots.length % 2 ? 'gmail.com' : 'GoogleMail.com'}`;
          expect(canonicalMailbox(variant)).toBe(`${local}@gmail.com`);
          expect(canonicalMailbox(canonicalMailbox(variant))).toBe(canonicalMailbox(variant));
        },
      ),
    );
  });

  it('gives the mailbox domain', () => {
    expect(mailboxDomain('a.b+c@googlemail.com')).toBe('gmail.com');
    expect(mailboxDomain('Buyer@Hair-Traders.IN')).toBe('hair-traders.in');
  });

  it('leaves who a buyer is to normaliseEmail, which keeps tags and dots', () => {
    expect(normaliseEmail('Vic.Tim+1@gmail.com')).toBe('vic.tim+1@gmail.com');
  });
});
