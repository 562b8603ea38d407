/**
 * Where a buyer came from, as the rules see it: a source as the browser records it is accepted on
 * both forms (the full form's heaviest document too: ten request lines and every part of the
 * source at its longest, within the rules' 1,000-expression budget); a source the contract refuses
 * (a part missing or added, not text, too long, or with characters it does not take) is denied.
 */
import { checkEnquiryDocument } from '@contract/enquiry/enquiry';
import {
  ENQUIRY_COLLECTION,
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
} from '@contract/enquiry/collections';
import { LEAD_SOURCE_KEYS, type LeadSource } from '@contract/enquiry/lead-source';
import { MAX_REQUEST_LINES } from '@contract/enquiry/request-lines';
import { addDoc, collection, type DocumentData, type Firestore } from 'firebase/firestore';
import type { RequestCase } from './attack-cases';
import { VALID_DOCUMENT } from './enquiry-documents';
import { goodLine } from './request-line-cases';

export const EXPO_SOURCE: LeadSource = {
  landing: '/home',
  referrer: '',
  utmSource: 'expo',
  utmMedium: '',
  utmCampaign: 'dubai-hair-expo',
};

/** Every part at its longest, in the characters each takes. */
export const LONGEST_SOURCE: LeadSource = {
  landing: `/products/description/${'a-b_c.d~e/'.repeat(18)}`.slice(0, 200),
  referrer: `${'a1-b.'.repeat(50)}in.xyz`.slice(0, 253),
  utmSource: 'Spring Sale 2026_v2.~+-'.repeat(5).slice(0, 100),
  utmMedium: 'c'.repeat(100),
  utmCampaign: 'd'.repeat(100),
};

const FORM_NAME: Record<EnquiryCollection, string> = {
  'SME-enquiry-form': 'an enquiry',
  'SME-popup-enquiry-form': 'a popup enquiry',
};

const sending = (target: EnquiryCollection, data: DocumentData) => (db: Firestore) =>
  addDoc(collection(db, target), data);
const withSource = (target: EnquiryCollection, source: unknown): DocumentData => ({
  ...VALID_DOCUMENT[target](),
  source,
});

/** One broken source, by what is wrong with it. */
export const BROKEN_SOURCES: [string, unknown][] = [
  [
    'no utm_campaign',
    Object.fromEntries(Object.entries(EXPO_SOURCE).filter(([key]) => key !== 'utmCampaign')),
  ],
  ['a part of its own', { ...EXPO_SOURCE, gclid: 'abc' }],
  [
    'a gclid in place of utm_campaign',
    {
      ...Object.fromEntries(Object.entries(EXPO_SOURCE).filter(([key]) => key !== 'utmCampaign')),
      gclid: 'x',
    },
  ],
  ['a landing page with its query', { ...EXPO_SOURCE, landing: '/home?utm_source=expo' }],
  ['a landing page of 201 characters', { ...EXPO_SOURCE, landing: `/${'a'.repeat(200)}` }],
  ['a referrer with a path', { ...EXPO_SOURCE, referrer: 'evil.example/pay' }],
  ['a referrer in capitals', { ...EXPO_SOURCE, referrer: 'WWW.GOOGLE.COM' }],
  ['a utm_source with markup', { ...EXPO_SOURCE, utmSource: '<b>expo</b>' }],
  ['a utm_medium on two lines', { ...EXPO_SOURCE, utmMedium: 'cpc\nBcc: x@example.com' }],
  ['a utm_campaign of 101 characters', { ...EXPO_SOURCE, utmCampaign: 'd'.repeat(101) }],
  ['a utm_campaign with a hidden character', { ...EXPO_SOURCE, utmCampaign: 'dubai\u200bexpo' }],
  ['a utm_source that is a number', { ...EXPO_SOURCE, utmSource: 7 }],
  ['a landing page that is missing its text', { ...EXPO_SOURCE, landing: null }],
  ['one text', 'expo / dubai-hair-expo'],
  ['a list', ['/home', '', 'expo', '', 'dubai-hair-expo']],
];

export function leadSourceDeniedCases(): RequestCase[] {
  return ENQUIRY_COLLECTIONS.flatMap((target) =>
    BROKEN_SOURCES.map(([what, source]) => ({
      title: `send ${FORM_NAME[target]} whose source has ${what}`,
      request: sending(target, withSource(target, source)),
      expected: 'denied by rules' as const,
    })),
  );
}

export function leadSourceAcceptedCases(): RequestCase[] {
  return [
    ...ENQUIRY_COLLECTIONS.flatMap((target) => [
      {
        title: `send ${FORM_NAME[target]} from the Dubai hair expo's link`,
        request: sending(target, withSource(target, EXPO_SOURCE)),
        expected: 'allowed' as const,
      },
      {
        title: `send ${FORM_NAME[target]} from a visit with no source at all (typed address, no utm_)`,
        request: sending(
          target,
          withSource(target, Object.fromEntries(LEAD_SOURCE_KEYS.map((key) => [key, '']))),
        ),
        expected: 'allowed' as const,
      },
    ]),
    {
      title: `send the heaviest enquiry: ${MAX_REQUEST_LINES} request lines and every part of the source at its longest`,
      request: sending(ENQUIRY_COLLECTION, {
        ...withSource(ENQUIRY_COLLECTION, LONGEST_SOURCE),
        lines: Array.from({ length: MAX_REQUEST_LINES }, (_, index) => goodLine(index)),
      }),
      expected: 'allowed',
    },
  ];
}

/** The contract's verdicts on the same sources, so the tables cannot drift from it. */
export function contractVerdictsOfLeadSources(): { title: string; accepted: boolean; expected: boolean }[] {
  return [
    ...BROKEN_SOURCES.map(([what, source]) => ({ title: what, source, expected: false })),
    { title: 'the expo link', source: EXPO_SOURCE, expected: true },
    { title: 'every part at its longest', source: LONGEST_SOURCE, expected: true },
  ].flatMap(({ title, source, expected }) =>
    ENQUIRY_COLLECTIONS.map((target) => ({
      title: `${FORM_NAME[target]} with ${title}`,
      accepted: checkEnquiryDocument(target, withSource(target, source)).length === 0,
      expected,
    })),
  );
}
