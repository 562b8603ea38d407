/**
 * The set-up every journey file shares, as one call: a browser for the file; with `stack`, the SMTP
 * catcher standing in for the sales mailbox (the functions emulator sends to 127.0.0.1:2525) and a
 * Firestore reader, both emptied before each test; after each test every visit is closed, and any
 * page error, failed request or CSP violation it saw fails that test.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import {
  launchBrowser,
  openVisit,
  VIEWPORTS,
  type ViewportName,
  type Visit,
  type VisitOptions,
} from '../support/browser';
import { clearFirestore, openEnquiryStore, type EnquiryStore } from '../support/firestore-admin';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { WHATSAPP_STAND_IN_ORIGIN } from '../../scripts/lib/local-services';

/** Where functions/.env.local sends the sales team's mail. */
const SALES_SMTP_PORT = 2525;

export function useJourneys(options: { stack?: string } = {}) {
  let browser: Browser | undefined;
  let catcher: SmtpCatcher | undefined;
  let store: EnquiryStore | undefined;
  const visits: Visit[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    if (options.stack) {
      catcher = await startSmtpCatcher({ port: SALES_SMTP_PORT, acknowledgementsApart: true });
      store = openEnquiryStore(options.stack);
    }
  });
  if (options.stack) {
    beforeEach(async () => {
      await clearFirestore();
      catcher?.clear();
      // The launcher's WhatsApp stand-in keeps what it accepted; each test starts with none.
      await fetch(`${WHATSAPP_STAND_IN_ORIGIN}/messages`, { method: 'DELETE' });
    });
  }
  afterEach(async () => {
    const problems = visits.flatMap((visit) => visit.problems);
    await Promise.all(visits.splice(0).map((visit) => visit.close()));
    expect(problems).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
    await catcher?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not running: call useJourneys({ stack }) for it.`);
    return value;
  };

  return {
    /** A fresh visitor (its own browser context) at a phone or desktop size. */
    async visit(
      viewport: ViewportName = 'desktop',
      options: Omit<VisitOptions, 'viewport'> = {},
    ): Promise<Visit> {
      const opened = await openVisit(started(browser, 'The browser'), {
        ...options,
        viewport: VIEWPORTS[viewport],
      });
      visits.push(opened);
      return opened;
    },
    get browser(): Browser {
      return started(browser, 'The browser');
    },
    get catcher(): SmtpCatcher {
      return started(catcher, 'The SMTP catcher');
    },
    get store(): EnquiryStore {
      return started(store, 'The Firestore reader');
    },
  };
}
