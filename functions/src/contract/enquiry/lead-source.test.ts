import { describe, expect, it } from 'vitest';
import { buildEnquiryPayload, buildPopupEnquiryPayload, checkEnquiryDocument, FORM_PAGES } from './enquiry';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from './collections';
import {
  checkLeadSource,
  cleanLeadSource,
  leadSourceLabel,
  leadSourceOfEnquiry,
  leadSourceSummary,
  type LeadSource,
} from './lead-source';

const none: LeadSource = { landing: '', referrer: '', utmSource: '', utmMedium: '', utmCampaign: '' };
const expo: LeadSource = { ...none, landing: '/home', utmSource: 'expo', utmCampaign: 'dubai-hair-expo' };
const google: LeadSource = { ...none, landing: '/products', utmSource: 'google', utmMedium: 'cpc' };
const stamped = (doc: object) => ({ ...doc, createdAt: 'server time' });

describe('where a buyer came from', () => {
  it('keeps what the browser read in each part’s own characters, and this site as no referrer', () => {
    expect(
      cleanLeadSource(
        {
          landing: '/home',
          referrer: 'WWW.Google.com',
          utmSource: ' Dubai Expo! ',
          utmMedium: 'qr\ncode',
          utmCampaign: 'x'.repeat(150),
        },
        'sme-hair.in',
      ),
    ).toEqual({
      landing: '/home',
      referrer: 'www.google.com',
      utmSource: 'Dubai Expo-',
      utmMedium: 'qr-code',
      utmCampaign: 'x'.repeat(100),
    });
    expect(cleanLeadSource({ ...none, referrer: 'sme-hair.in' }, 'SME-hair.in').referrer).toBe('');
  });

  it('is stored by both forms when it keeps the contract, and left out otherwise', () => {
    const now = new Date(2026, 10, 27, 9, 0, 0);
    const values = {
      name: 'Priya',
      companyname: '',
      phone: '9876543210',
      email: 'priya@example.in',
      city: 'Chennai',
      ordertype: 'Bulk',
      message: 'Please quote 10 kg of weft.',
    };
    const full = buildEnquiryPayload(values, FORM_PAGES.enquiry, now, undefined, expo);
    expect(full.source).toEqual(expo);
    expect(checkEnquiryDocument(ENQUIRY_COLLECTION, stamped(full))).toEqual([]);
    const popup = buildPopupEnquiryPayload(
      { name: 'Arun', email: 'arun@example.in', phone: '9876543210', business: 'Others' },
      now,
      undefined,
      google,
    );
    expect(checkEnquiryDocument(POPUP_ENQUIRY_COLLECTION, stamped(popup))).toEqual([]);
    const tampered = buildEnquiryPayload(values, FORM_PAGES.enquiry, now, undefined, {
      ...expo,
      utmSource: '<b>',
    });
    expect('source' in tampered).toBe(false);
    expect('source' in buildEnquiryPayload(values, FORM_PAGES.enquiry, now)).toBe(false);
  });

  it.each([
    ['a part missing', { ...expo, utmCampaign: undefined }, 'source: not exactly its five parts'],
    ['a part of its own', { ...expo, gclid: 'x' }, 'source: not exactly its five parts'],
    ['a landing with its query', { ...expo, landing: '/home?utm_source=x' }, 'source.landing: not allowed'],
    ['a number', { ...expo, utmMedium: 3 }, 'source.utmMedium: not allowed'],
    ['text', 'expo', 'source: not a map'],
  ])('refuses a source with %s', (_what, source, problem) => {
    expect(checkLeadSource(JSON.parse(JSON.stringify(source)))).toEqual([problem]);
  });

  it('is counted under one label: source / medium, else the campaign, the source, the referrer, or direct', () => {
    expect(leadSourceLabel(google)).toBe('google / cpc');
    expect(leadSourceLabel(expo)).toBe('dubai-hair-expo');
    expect(leadSourceLabel({ ...none, utmSource: 'newsletter' })).toBe('newsletter');
    expect(leadSourceLabel({ ...none, referrer: 'www.bing.com' })).toBe('www.bing.com');
    expect(leadSourceLabel(none)).toBe('direct');
    expect(leadSourceLabel(leadSourceOfEnquiry({}))).toBe('direct');
  });

  it('sums a month of leads, most first and direct last', () => {
    const sources = [
      ...Array.from({ length: 14 }, () => google),
      ...Array.from({ length: 6 }, () => expo),
      ...Array.from({ length: 30 }, () => none),
      null,
    ];
    expect(leadSourceSummary(sources)).toBe('14 from google / cpc, 6 from dubai-hair-expo, 31 direct');
    expect(leadSourceSummary([])).toBe('');
  });
});
