import { leadSourceFromTouch } from '@contract/enquiry/lead-source';
import { beforeEach, describe, expect, it } from 'vitest';
import { readFirstTouch } from './enquiry-session';
import { recordFirstTouch } from '../../lib/first-touch';

const at = (address: string) => new URL(address) as unknown as Location;

beforeEach(() => window.sessionStorage.clear());

describe('the first touch of a visit', () => {
  it('is what the first page read, and what a form reads later, however many pages follow', () => {
    recordFirstTouch(at('https://sme-hair.in/home?utm_source=expo&utm_campaign=dubai-hair-expo'), '');
    recordFirstTouch(
      at('https://sme-hair.in/products?utm_source=google&utm_medium=cpc'),
      'https://sme-hair.in/home',
    );
    recordFirstTouch(at('https://sme-hair.in/enquiry'), 'https://sme-hair.in/products');
    expect(leadSourceFromTouch(readFirstTouch(), 'sme-hair.in')).toEqual({
      landing: '/home',
      referrer: '',
      utmSource: 'expo',
      utmMedium: '',
      utmCampaign: 'dubai-hair-expo',
    });
  });

  it('names the host that sent the visit, and not this site', () => {
    recordFirstTouch(
      at('https://sme-hair.in/products/description/machine-weft'),
      'https://www.google.com/search?q=weft',
    );
    expect(leadSourceFromTouch(readFirstTouch(), 'sme-hair.in')?.referrer).toBe('www.google.com');
    window.sessionStorage.clear();
    recordFirstTouch(at('https://sme-hair.in/about'), 'https://sme-hair.in/home');
    expect(leadSourceFromTouch(readFirstTouch(), 'sme-hair.in')?.referrer).toBe('');
  });

  it('is nothing a form sends when storage holds something else', () => {
    window.sessionStorage.setItem('sme:first-touch', JSON.stringify({ landing: 4 }));
    expect(leadSourceFromTouch(readFirstTouch(), 'sme-hair.in')).toBeNull();
    window.sessionStorage.setItem('sme:first-touch', '{not json');
    expect(readFirstTouch()).toBeNull();
  });
});
