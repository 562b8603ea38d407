/**
 * Documents as the site's forms build them, from what real visitors type, for the rules tests to
 * start from: every attack is one of these with one thing changed.
 */
import {
  BUSINESS_OPTIONS,
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  FORM_PAGES,
  SERVER_TIMESTAMP_FIELD,
  type EnquiryFormValues,
  type FormPage,
  type PopupEnquiryFormValues,
} from '@contract/enquiry/enquiry';
import { serverTimestamp, Timestamp, type DocumentData } from 'firebase/firestore';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '@contract/enquiry/collections';
import type { RequestLineInput } from '@contract/enquiry/request-lines';

/** 21 January 2026, 09:05:07 on the visitor's device: a plain morning enquiry. */
export const SUBMITTED_AT = new Date(2026, 0, 21, 9, 5, 7);

export const WHOLESALER_VALUES: EnquiryFormValues = {
  name: 'Priya Raman',
  companyname: 'Raman Hair Studio',
  phone: '+91 98765 43210',
  email: 'priya@ramanhair.in',
  city: 'Coimbatore',
  ordertype: 'Bulk',
  message: 'We need 20 kg of raw temple hair, 22 inch, natural black, every month.',
};

/** A buyer with no company, typing in Tamil with stray spaces the form trims away. */
export const INDIVIDUAL_BUYER_VALUES: EnquiryFormValues = {
  name: '  கவிதா செல்வம்  ',
  companyname: '',
  phone: '098765-43211',
  email: ' kavitha.selvam+hair@example.co.in ',
  city: 'மதுரை',
  ordertype: 'Retail',
  message: 'ஒரு 18 inch wavy extension வேண்டும் 💇‍♀️ please call after 6 pm.',
};

export const RESELLER_VALUES: EnquiryFormValues = {
  name: "Liam O'Connor",
  companyname: 'Dublin Hair Imports Ltd.',
  phone: '9123456780',
  email: "liam.o'connor@dublin-hair.ie",
  city: 'Dublin',
  ordertype: 'Bulk and retail',
  message: 'Looking for a steady supplier of double drawn Remy bundles for resale in Ireland.',
};

export const POPUP_VALUES: PopupEnquiryFormValues = {
  name: 'Arjun Mehta',
  email: 'arjun@mehtasalon.com',
  phone: '+91 91234 56789',
  business: 'I am a Salon Retailer',
};

/** The server-time sentinel the site's Firebase module adds to every enquiry. */
export function stampedByServer<T extends object>(
  payload: T,
): T & { createdAt: ReturnType<typeof serverTimestamp> } {
  return { ...payload, [SERVER_TIMESTAMP_FIELD]: serverTimestamp() } as T & {
    createdAt: ReturnType<typeof serverTimestamp>;
  };
}

/** The time zone a browser in Coimbatore names. */
export const VISITOR_TIME_ZONE = 'Asia/Kolkata';

export function validEnquiry(): DocumentData {
  return stampedByServer(
    buildEnquiryPayload(WHOLESALER_VALUES, FORM_PAGES.enquiry, SUBMITTED_AT, VISITOR_TIME_ZONE),
  );
}

export function validPopupEnquiry(): DocumentData {
  return stampedByServer(buildPopupEnquiryPayload(POPUP_VALUES, SUBMITTED_AT, VISITOR_TIME_ZONE));
}

export const VALID_DOCUMENT: Record<EnquiryCollection, () => DocumentData> = {
  [ENQUIRY_COLLECTION]: validEnquiry,
  [POPUP_ENQUIRY_COLLECTION]: validPopupEnquiry,
};

/** Three lines as a buyer fills them in: a product page's, then two added. */
export const QUOTE_LINES: RequestLineInput[] = [
  { product: 'machine-weft', length: ' 22 in ', quantity: '8', unit: 'kg', samples: false },
  { product: 'i-tip-extensions', length: '', quantity: '1,000', unit: 'pieces', samples: true },
  {
    product: 'raw-hair-27-inch-plus',
    length: '28–30 inch',
    quantity: '100000',
    unit: 'bundles',
    samples: false,
  },
];

/** A product page's line sent as it came: its product, the unit the form starts with, no quantity. */
export const PRICE_LIST_LINE: RequestLineInput = {
  product: 'machine-weft',
  length: '',
  quantity: '',
  unit: 'kg',
  samples: false,
};

/** Every form payload a visitor can produce, one per form page and business option. */
export function formPayloads(): {
  title: string;
  collection: EnquiryCollection;
  payload: Record<string, unknown>;
}[] {
  const fullForm = [
    {
      title: 'a wholesaler asking a quote for three lines from a product page',
      values: { ...WHOLESALER_VALUES, lines: QUOTE_LINES },
      formpage: FORM_PAGES.enquiry,
    },
    {
      title: "a buyer asking Machine Weft's price list (its line's product and no quantity)",
      values: { ...WHOLESALER_VALUES, lines: [PRICE_LIST_LINE] },
      formpage: FORM_PAGES.enquiry,
    },
    { title: 'a wholesaler on the enquiry page', values: WHOLESALER_VALUES, formpage: FORM_PAGES.enquiry },
    {
      title: 'a buyer without a company on the home page',
      values: INDIVIDUAL_BUYER_VALUES,
      formpage: FORM_PAGES.home,
    },
    { title: 'a reseller on a page with no tag', values: RESELLER_VALUES, formpage: FORM_PAGES.other },
  ].map(({ title, values, formpage }) => ({
    title,
    collection: ENQUIRY_COLLECTION as EnquiryCollection,
    payload: buildEnquiryPayload(values, formpage, SUBMITTED_AT, VISITOR_TIME_ZONE),
  }));
  const popup = BUSINESS_OPTIONS.map((business) => ({
    title: `the popup with "${business}"`,
    collection: POPUP_ENQUIRY_COLLECTION as EnquiryCollection,
    payload: buildPopupEnquiryPayload({ ...POPUP_VALUES, business }, SUBMITTED_AT, VISITOR_TIME_ZONE),
  }));
  return [...fullForm, ...popup];
}

/** A chillu as input methods before Unicode 5.1 type it: consonant, virama, zero-width joiner. */
const olderChillu = (consonant: string) => `${consonant}\u0d4d\u200d`;

/**
 * A Kochi buyer whose keyboard writes Malayalam's chillu letters the older way (`അവന്‍`): all six
 * of them, at the ends of words, where the joiner alone would be hidden.
 */
export const OLDER_CHILLU_BUYER_VALUES: EnquiryFormValues = {
  name: `അവ${olderChillu('ന')} കുമാ${olderChillu('ര')}`,
  companyname: `കൊല്ലം ഹെയ${olderChillu('ര')}`,
  phone: '9847012345',
  email: 'avan.kumar@example.in',
  city: 'കൊച്ചി',
  ordertype: 'Bulk',
  message: `അനി${olderChillu('ല')} പറഞ്ഞു: ക${olderChillu('ണ')} വില, അവ${olderChillu('ള')} ${olderChillu('ക')} അറിയിക്കുക.`,
};

type RealisticBuyer =
  | { who: string; full: EnquiryFormValues; formpage: FormPage; timeZone?: string }
  | { who: string; popup: PopupEnquiryFormValues; timeZone?: string };

/**
 * Real-looking buyers from India and abroad, in their own scripts and spellings, with the
 * addresses people really have (plus-addressing, new and punycode top-level domains, apostrophes).
 * None of them may be refused by the hardened contract.
 */
export const REALISTIC_BUYERS: RealisticBuyer[] = [
  {
    who: 'a Coimbatore salon owner writing in Tamil',
    formpage: FORM_PAGES.home,
    full: {
      name: 'செல்வி முருகேசன்',
      companyname: 'செல்வி அழகு நிலையம்',
      phone: '0422 256 7890',
      email: 'selvi.murugesan@gmail.com',
      city: 'கோயம்புத்தூர்',
      ordertype: 'Retail',
      message: 'வணக்கம்,\n18 inch natural wavy hair 2 bundles வேண்டும். விலை சொல்லுங்கள்.',
    },
  },
  {
    who: 'a Delhi distributor writing in Hindi',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: 'राजेश कुमार',
      companyname: 'कुमार हेयर डिस्ट्रीब्यूटर्स',
      phone: '+91 98110 23456',
      email: 'rajesh+hair@kumar-distributors.co.in',
      city: 'नई दिल्ली',
      ordertype: 'Bulk',
      message: 'हमें हर महीने 50 किलो remy hair चाहिए। Please share the price list.',
    },
  },
  {
    who: 'a Ho Chi Minh City trader with a Vietnamese name',
    timeZone: 'Asia/Saigon',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: 'Nguyễn Thị Minh Khai',
      companyname: 'Công ty TNHH Tóc Việt',
      phone: '+84 28 3823 4567',
      email: 'minhkhai@tocviet.vn',
      city: 'Hồ Chí Minh',
      ordertype: 'Bulk',
      message: 'Chúng tôi cần 30 kg tóc Remy, 24 inch. Xin báo giá FOB Chennai.',
    },
  },
  {
    who: 'a Mumbai stylist with an apostrophe and dots in her name',
    formpage: FORM_PAGES.home,
    full: {
      name: "Dr. Anita D'Souza",
      companyname: "D'Souza Hair & Beauty Pvt. Ltd.",
      phone: '98200 12345',
      email: "anita.d'souza@dsouzahair.salon",
      city: 'Mumbai',
      ordertype: 'Retail',
      message: 'Need 5 clip-in sets in natural black for bridal clients next month.',
    },
  },
  {
    who: 'a Lagos wholesaler with a hyphenated surname',
    timeZone: 'Africa/Lagos',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: 'Ngozi Okonjo-Adeyemi',
      companyname: 'Adeyemi Hair Imports',
      phone: '+234 803 123 4567',
      email: 'orders@adeyemi-hair.com.ng',
      city: 'Lagos',
      ordertype: 'Bulk',
      message: 'We import 100 kg monthly. Send samples of raw temple hair, 22-26 inch.\nThanks!',
    },
  },
  {
    who: 'a Dubai reseller writing in Arabic',
    formpage: FORM_PAGES.other,
    full: {
      name: 'محمد الفارسي',
      companyname: 'الفارسي للتجارة',
      phone: '+971 50 123 4567',
      email: 'm.alfarsi@alfarsi.ae',
      city: 'دبي',
      ordertype: 'Bulk',
      message: 'نحتاج شعر ريمي هندي 20 كغ شهرياً. Please quote CIF Jebel Ali.',
    },
  },
  {
    who: 'a London salon chain on a new top-level domain',
    timeZone: 'Europe/London',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: "Siobhán O'Brien-Walsh",
      companyname: 'Walsh & Co. Hair London',
      phone: '+44 7911 123456',
      email: 'siobhan@walsh.hair',
      city: 'London',
      ordertype: 'Bulk and retail',
      message: 'Looking for hand-tied wefts, 20 inch, shades 1B and 2. MOQ?',
    },
  },
  {
    who: 'a Bengaluru buyer with a punycode .भारत address',
    formpage: FORM_PAGES.home,
    full: {
      name: 'Kavya R.',
      companyname: '',
      phone: '9845012345',
      email: 'kavya@example.xn--h2brj9c',
      city: 'Bengaluru',
      ordertype: 'Retail',
      message: 'One I-tip extension set, 22 inch, please. Cash on delivery?',
    },
  },
  {
    who: 'a São Paulo importer with accents',
    timeZone: 'America/Sao_Paulo',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: 'João Conceição',
      companyname: 'Cabelos Brasil Ltda.',
      phone: '+55 11 91234 5678',
      email: 'joao.conceicao@cabelosbrasil.com.br',
      city: 'São Paulo',
      ordertype: 'Bulk',
      message: 'Gostaríamos de 40 kg de cabelo indiano virgem, 26 polegadas.',
    },
  },
  {
    who: 'a Hyderabad buyer writing in Telugu',
    formpage: FORM_PAGES.home,
    full: {
      name: 'శ్రీనివాస్ రెడ్డి',
      companyname: '',
      phone: '9000055555',
      email: 'srinivas.reddy@outlook.in',
      city: 'హైదరాబాద్',
      ordertype: 'Retail',
      message: 'నాకు ఒక ponytail extension కావాలి, 24 inch.',
    },
  },
  {
    who: 'a Kolkata trader writing in Bengali',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: 'সুমিত্রা দাস',
      companyname: 'দাস হেয়ার ট্রেডার্স',
      phone: '033 2456 7890',
      email: 'sumitra.das@dashair.in',
      city: 'কলকাতা',
      ordertype: 'Bulk',
      message: 'আমাদের প্রতি মাসে ২০ কেজি চুল দরকার। দাম জানান।',
    },
  },
  {
    who: 'a New York stylist with a plus-addressed mail and an emoji',
    timeZone: 'America/New_York',
    formpage: FORM_PAGES.other,
    full: {
      name: 'Mary-Kate St. James',
      companyname: 'St. James Studio NYC',
      phone: '+1 212 555 0100',
      email: 'marykate+suppliers@stjames.studio',
      city: 'New York',
      ordertype: 'Retail',
      message: 'Love your raw hair 💇‍♀️ Could you ship 3 bundles of 18" to NYC?',
    },
  },
  {
    who: 'a Shenzhen factory writing in Chinese',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: '李娜',
      companyname: '深圳美发制品有限公司',
      phone: '+86 138 0013 8000',
      email: 'lina@meifa.cn',
      city: '深圳',
      ordertype: 'Bulk',
      message: '我们需要印度原发 100 公斤，请报价。',
    },
  },
  {
    who: 'a Moscow distributor writing in Russian',
    formpage: FORM_PAGES.home,
    full: {
      name: 'Ирина Петрова',
      companyname: 'ООО «Волосы»',
      phone: '+7 912 345 67 89',
      email: 'irina.petrova@volosy.ru',
      city: 'Москва',
      ordertype: 'Bulk',
      message: 'Нужны славянские и индийские волосы, 60 см. Пришлите прайс.',
    },
  },
  {
    who: 'a Kochi trader writing in Malayalam',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: 'അനിൽ കുമാർ',
      companyname: '',
      phone: '0484 234 5678',
      email: 'anil.kumar@kochihair.co.in',
      city: 'കൊച്ചി',
      ordertype: 'Retail',
      message: 'എനിക്ക് 2 machine weft bundles വേണം. വില അറിയിക്കുക.',
    },
  },
  {
    who: 'a Kochi buyer whose keyboard writes chillus the older way (virama and joiner)',
    formpage: FORM_PAGES.enquiry,
    full: OLDER_CHILLU_BUYER_VALUES,
  },
  {
    who: 'an Athens salon writing in Greek',
    formpage: FORM_PAGES.other,
    full: {
      name: 'Ελένη Παπαδοπούλου',
      companyname: 'Κομμωτήριο Ελένη',
      phone: '+30 691 234 5678',
      email: 'eleni@kommotirio.gr',
      city: 'Αθήνα',
      ordertype: 'Retail',
      message: 'Θα ήθελα τιμές για clip-in 50 εκ., φυσικό μαύρο.',
    },
  },
  {
    who: 'a Madurai wholesaler on the popup',
    popup: { name: 'முத்து', email: 'muthu@gmail.com', phone: '9443012345', business: 'I am a Wholesaler' },
  },
  {
    who: 'a Jaipur hair trader on the popup',
    popup: {
      name: 'प्रिया शर्मा',
      email: 'priya.sharma@yahoo.co.in',
      phone: '+91 94140 12345',
      business: 'I am a Hair Trader',
    },
  },
  {
    who: 'an Atlanta distributor on the popup',
    popup: {
      name: "D'Andre Johnson Jr.",
      email: 'dandre@johnsonhair.co',
      phone: '+1 404 555 0101',
      business: 'I am a Distributor',
    },
  },
  {
    who: 'a Hanoi salon on the popup',
    popup: {
      name: 'Trần Văn Đức',
      email: 'duc.tran@salonhanoi.vn',
      phone: '+84 91 234 5678',
      business: 'I am a Salon Retailer',
    },
  },
  {
    who: 'a Toronto stylist on the popup',
    popup: {
      name: 'Zoë Åkesson-Lee',
      email: 'zoe+hair@akesson.ca',
      phone: '+1 416 555 0303',
      business: 'I am a Hair Stylist',
    },
  },
  {
    who: 'a Nairobi buyer on the popup',
    popup: {
      name: 'Wanjiru Kamau',
      email: 'wanjiru@kamau.co.ke',
      phone: '+254 712 345678',
      business: 'Others',
    },
  },
  {
    who: 'a Pune distributor whose name has a half form written with a joiner',
    formpage: FORM_PAGES.enquiry,
    full: {
      name: 'लक्\u200dष्मी देशपांडे',
      companyname: 'देशपांडे हेयर',
      phone: '9000050505',
      email: 'lakshmi@deshpandehair.in',
      city: 'पुणे',
      ordertype: 'Bulk',
      message: 'हमें हर महीने 30 किलो बाल चाहिए। लक्\u200cष्य: दिवाली से पहले।',
    },
  },
  {
    who: 'a Tehran salon writing in Persian, with non-joiners inside words',
    formpage: FORM_PAGES.other,
    full: {
      name: 'علی\u200cرضا محمدی',
      companyname: 'آرایشگاه محمدی',
      phone: '9000060606',
      email: 'alireza@mohammadi.ir',
      city: 'تهران',
      ordertype: 'Retail',
      message: 'ما ۲۰ کیلو موی هندی می\u200cخواهیم. قیمت را بفرستید.',
    },
  },
  {
    who: 'a Colombo buyer writing in Sinhala, with a joiner after the virama',
    popup: {
      name: 'ශ්\u200dරියානි පෙරේරා',
      email: 'sriyani@perera.lk',
      phone: '9000070707',
      business: 'I am a Salon Retailer',
    },
  },
  {
    who: 'a Chennai stylist with skin tones and joined emoji',
    formpage: FORM_PAGES.home,
    full: {
      name: 'Divya 💇🏽\u200d\u2640\ufe0f',
      companyname: 'Divya Studio',
      phone: '9000080808',
      email: 'divya@studio.in',
      city: 'Chennai',
      ordertype: 'Retail',
      message:
        'Thanks 🙏🏽 my team 👩🏽\u200d💼 loves your hair \u2764\ufe0f Need 2 bundles, 1\ufe0f\u20e3 week.',
    },
  },
];

/** The document the site's form builds for each realistic buyer. */
export function realisticPayloads(): {
  title: string;
  collection: EnquiryCollection;
  payload: Record<string, unknown>;
}[] {
  return REALISTIC_BUYERS.map((buyer) =>
    'full' in buyer
      ? {
          title: buyer.who,
          collection: ENQUIRY_COLLECTION as EnquiryCollection,
          payload: buildEnquiryPayload(buyer.full, buyer.formpage, SUBMITTED_AT, buyer.timeZone),
        }
      : {
          title: buyer.who,
          collection: POPUP_ENQUIRY_COLLECTION as EnquiryCollection,
          payload: buildPopupEnquiryPayload(buyer.popup, SUBMITTED_AT, buyer.timeZone),
        },
  );
}

/** Values Firestore stores that are not text, as an attacker's own client would send them. */
export const NON_TEXT_VALUES: { kind: string; value: unknown }[] = [
  { kind: 'a number', value: 9876543210 },
  { kind: 'a map', value: { text: 'Priya Raman' } },
  { kind: 'an array', value: ['Priya', 'Raman'] },
  { kind: 'null', value: null },
  { kind: 'a boolean', value: true },
];

/** A timestamp the visitor's own client chose: plausible, but not the server's clock. */
export function clientChosenTimestamp(offsetMs = 0): Timestamp {
  return Timestamp.fromMillis(Date.now() + offsetMs);
}
