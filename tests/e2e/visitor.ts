/**
 * What the browser journeys share: the site's routes, a visitor's enquiry details, the forms'
 * controls by their accessible names, axe-core, and the check that a mail carries an enquiry.
 */
import '../support/seed-content';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { BUSINESS_OPTIONS, DEFAULT_BUSINESS } from '../../functions/src/contract/enquiry/enquiry';
import { aboutCopy } from '../../web/src/content/about';
import { categories } from '../../web/src/content/catalogue';
import { enquiryPageCopy } from '../../web/src/content/enquiry-page';
import { homeCopy } from '../../web/src/content/home';
import { privacyPolicy, termsAndConditions } from '../../web/src/content/legal';
import { pageMeta, productPageMeta } from '../../web/src/content/pages';
import { POPUP_ON_DESCRIPTION_MS } from '../../web/src/features/enquiry/promo-popup';
import { advanceClock, gotoOnPausedClock, pauseClock, ROOT } from '../support/browser';
import { UI_TIMEOUT_MS } from '../support/deadlines';
import type { CaughtMail } from '../support/smtp-catcher';

/** The value, or a failing test that says what was missing. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

export const PRODUCTS = categories().flatMap((category, categoryIndex) =>
  category.products.map((product, productIndex) => ({ ...product, category, categoryIndex, productIndex })),
);
export type CatalogueProduct = (typeof PRODUCTS)[number];
export const productBySlug = (slug: string): CatalogueProduct =>
  present(
    PRODUCTS.find((product) => product.slug === slug),
    `the product ${slug}`,
  );
/** What a visitor sees with no pick of their own: the first product of the first category. */
export const FIRST_PRODUCT = present(PRODUCTS[0], 'the first product');
const MACHINE_WEFT = productBySlug('machine-weft');

/** A path no page lives at. */
export const UNKNOWN_PATH = '/hair-dye-catalogue';

export type SiteRoute = {
  /** File-name friendly name, used for screenshots. */
  name: string;
  path: string;
  title: string;
  description: string;
  /** Text the page's one h1 contains. */
  h1: string;
  /** The main-navigation link marked as the current page, if any. */
  navLink: 'Home' | 'Products' | 'About' | 'Enquiry' | null;
  /** The status the hosting server answers with. */
  status: number;
};

/** Every screen of the site (spec section 2), one product page standing for the twelve. */
export const SITE_ROUTES: SiteRoute[] = [
  {
    name: 'home',
    path: '/home',
    ...pageMeta.home,
    h1: homeCopy.hero.tagline,
    navLink: 'Home',
    status: 200,
  },
  {
    name: 'products',
    path: '/products',
    ...pageMeta.products,
    h1: 'Our Products',
    navLink: 'Products',
    status: 200,
  },
  {
    name: 'product-description',
    path: '/products/description',
    ...productPageMeta(FIRST_PRODUCT.productName, FIRST_PRODUCT.productShortDescription),
    h1: FIRST_PRODUCT.productName,
    navLink: 'Products',
    status: 200,
  },
  {
    name: 'product-machine-weft',
    path: '/products/description/machine-weft',
    ...productPageMeta(MACHINE_WEFT.productName, MACHINE_WEFT.productShortDescription),
    h1: MACHINE_WEFT.productName,
    navLink: 'Products',
    status: 200,
  },
  { name: 'about', path: '/about', ...pageMeta.about, h1: aboutCopy.heading, navLink: 'About', status: 200 },
  {
    name: 'enquiry',
    path: '/enquiry',
    ...pageMeta.enquiry,
    h1: enquiryPageCopy.heading,
    navLink: 'Enquiry',
    status: 200,
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    ...pageMeta.privacy,
    h1: privacyPolicy().title,
    navLink: null,
    status: 200,
  },
  {
    name: 'terms-conditions',
    path: '/terms-conditions',
    ...pageMeta.terms,
    h1: termsAndConditions().title,
    navLink: null,
    status: 200,
  },
  {
    name: 'not-found',
    path: UNKNOWN_PATH,
    title: 'Page not found | SME',
    description:
      'The page you are looking for does not exist. Browse our human hair extensions or return home.',
    h1: '404',
    navLink: null,
    status: 404,
  },
];

/** The screens the server answers with an error status on purpose: expected failures of a visit. */
export const ERROR_SCREENS: RegExp[] = SITE_ROUTES.filter((route) => route.status >= 400).map(
  (route) => new RegExp(`^${route.path}$`),
);

export const routeAt = (path: string): SiteRoute =>
  present(
    SITE_ROUTES.find((route) => route.path === path),
    `the route ${path}`,
  );

/** A unique, realistic visitor, so each test finds its own document and mail. */
export function fullEnquiry(city = 'Coimbatore') {
  const token = randomUUID().slice(0, 6);
  return {
    name: `Meena Sundaram ${token}`,
    companyname: 'Sundaram Hair Works',
    phone: '9840012345',
    email: `meena.${token}@example.com`,
    city,
    ordertype: 'bulk',
    message: 'We need 10 kg of single drawn bulk hair, 20 inch, every month.',
  };
}
export type FullEnquiry = ReturnType<typeof fullEnquiry>;

export function popupEnquiry(business: (typeof BUSINESS_OPTIONS)[number] = DEFAULT_BUSINESS) {
  const token = randomUUID().slice(0, 6);
  return {
    name: `Karthik Raja ${token}`,
    email: `karthik.${token}@example.com`,
    phone: '9000012345',
    business,
  };
}
export type PopupEnquiry = ReturnType<typeof popupEnquiry>;

/** The full enquiry form's controls by the names a screen reader announces. */
export function fullForm(scope: Page | Locator) {
  const form = scope.locator('form.enquiry-form').first();
  return {
    form,
    name: form.getByRole('textbox', { name: 'Name', exact: true }),
    companyname: form.getByRole('textbox', { name: /^Company( Name)? \(optional\)$/ }),
    /** The phone's country part, before the number. */
    country: form.getByRole('combobox', { name: 'Country of the phone number' }),
    phone: form.getByRole('textbox', { name: 'Phone', exact: true }),
    email: form.getByRole('textbox', { name: 'Email', exact: true }),
    city: form.getByRole('textbox', { name: 'City', exact: true }),
    ordertype: form.getByRole('combobox', { name: 'Order Type' }),
    message: form.getByRole('textbox', { name: 'Message', exact: true }),
    terms: form.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }),
    submit: form.getByRole('button', { name: 'Send Enquiry' }),
    /** The form's live alert region (empty, and so hidden, until there is something to say). */
    alert: form.locator('[role="alert"]'),
  };
}
export type FullForm = ReturnType<typeof fullForm>;

export function shortForm(scope: Page | Locator) {
  const form = scope.locator('form.enquiry-form--short');
  return {
    form,
    name: form.getByRole('textbox', { name: 'Name', exact: true }),
    email: form.getByRole('textbox', { name: 'Email', exact: true }),
    country: form.getByRole('combobox', { name: 'Country of the phone number' }),
    phone: form.getByRole('textbox', { name: 'Phone', exact: true }),
    business: form.getByRole('combobox', { name: 'Business' }),
    submit: form.getByRole('button', { name: 'Request a Call Back' }),
    alert: form.locator('[role="alert"]'),
  };
}
export type ShortForm = ReturnType<typeof shortForm>;

/**
 * The form's code has loaded and taken over (the submit loses the native `disabled` it carries
 * before hydration; `aria-disabled` still tells whether the form may be sent).
 */
export async function waitForFormReady(submit: Locator): Promise<void> {
  await submit.waitFor();
  await expect
    .poll(() => submit.evaluate((button) => (button as HTMLButtonElement).disabled), {
      timeout: UI_TIMEOUT_MS,
    })
    .toBe(false);
}

export async function fillFullForm(form: FullForm, enquiry: FullEnquiry): Promise<void> {
  await form.name.fill(enquiry.name);
  await form.companyname.fill(enquiry.companyname);
  await form.phone.fill(enquiry.phone);
  await form.email.fill(enquiry.email);
  await form.city.fill(enquiry.city);
  await form.ordertype.selectOption(enquiry.ordertype);
  await form.message.fill(enquiry.message);
}

export async function fillShortForm(form: ShortForm, enquiry: PopupEnquiry): Promise<void> {
  await form.name.fill(enquiry.name);
  await form.email.fill(enquiry.email);
  await form.phone.fill(enquiry.phone);
  await form.business.selectOption(enquiry.business);
}

export const polled = { timeout: UI_TIMEOUT_MS };

/** A person typing on a phone: about 110 ms a key. */
export const TYPING_DELAY_MS = 110;

/** The message shown for a field (through aria-describedby), or null. */
export const fieldError = (control: Locator) =>
  control.evaluate((element) => {
    const id = element.getAttribute('aria-describedby');
    const text = id ? document.getElementById(id)?.textContent : null;
    return element.getAttribute('aria-invalid') === 'true'
      ? (text ?? '(invalid, no message)')
      : (text ?? null);
  });

/** The full form's thank-you popup. */
export const thankYouDialog = (page: Page) => page.getByRole('dialog', { name: 'Thank you!' });

/**
 * A visitor sends the full form on the page open now, terms accepted, and sees the thank-you. On
 * /home the form's code loads as the visitor scrolls to it, so they do.
 */
export async function sendFullEnquiry(page: Page, enquiry: FullEnquiry): Promise<void> {
  const form = fullForm(page);
  await form.name.scrollIntoViewIfNeeded();
  await waitForFormReady(form.submit);
  await fillFullForm(form, enquiry);
  await form.terms.check();
  await expect.poll(() => form.submit.getAttribute('aria-disabled'), polled).toBe('false');
  await form.submit.click();
  await thankYouDialog(page).waitFor();
}

/** The browser's own dd-mm-yyyy and hh:mm:ss (24 h) for its clock now, read independently of the site. */
export function browserClock(page: Page): Promise<{ date: string; time: string }> {
  return page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${two(now.getDate())}-${two(now.getMonth() + 1)}-${now.getFullYear()}`,
      time: `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`,
    };
  });
}

/** The mails about one stored enquiry (the functions stamp each with the document's path). */
export const mailsAbout = (messages: CaughtMail[], documentPath: string) =>
  messages.filter((mail) => mail.headers.get('x-enquiry-id') === documentPath);

const AXE_SOURCE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** Runs axe-core (every rule axe runs by default: WCAG 2.x A/AA and best practices) on the page. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/** The promotional popup, by its accessible name. */
export const POPUP_NAME = 'Get a quote within one business day';
export const promoPopup = (page: Page) => page.getByRole('dialog', { name: POPUP_NAME });

/**
 * Closes the popup with `close` and resolves once the page has handled its close event, which
 * comes in a task of its own after the dialog has closed: the reshow countdown starts then, so a
 * clock moved on only after this counts from the close.
 */
export async function closePopupWith(page: Page, close: () => Promise<void>): Promise<void> {
  // Listens after the page's own listener, which the popup's code added as it woke.
  await page.evaluate(() => {
    const dialog = document.querySelector('dialog.enquiry-popup');
    (window as unknown as Record<string, unknown>).__popupClosed = new Promise<void>((resolve) =>
      dialog?.addEventListener('close', () => resolve(), { once: true }),
    );
  });
  await close();
  await page.evaluate(() => (window as unknown as Record<string, Promise<void>>).__popupClosed);
}

/**
 * Opens a product page on a paused clock and lets its popup come up 30 s later; from then on the
 * visitor's time runs on (React paces showing loaded content with timers).
 */
export async function openDescriptionPopup(page: Page): Promise<Locator> {
  await pauseClock(page);
  await gotoOnPausedClock(page, '/products/description/machine-weft');
  await advanceClock(page, POPUP_ON_DESCRIPTION_MS);
  const popup = promoPopup(page);
  await popup.waitFor();
  await page.clock.resume();
  return popup;
}

/** The address the page shows, without origin or query. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page's one h1. */
export const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });
