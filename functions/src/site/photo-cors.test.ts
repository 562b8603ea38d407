import { describe, expect, it } from 'vitest';
import { answerPhotoCors } from './photo-cors';

const SITE_ORIGIN = 'https://www.example.com';

/** A response that records what was set and sent. */
function recorder() {
  const answer = { status: 0, headers: {} as Record<string, string>, body: undefined as string | undefined };
  const response = {
    status(code: number) {
      answer.status = code;
      return response;
    },
    set(name: string, value: string) {
      answer.headers[name] = value;
      return response;
    },
    send(body: string) {
      answer.body = body;
    },
  };
  return { answer, response };
}

function ask(method: string, origin?: string) {
  const { answer, response } = recorder();
  const answered = answerPhotoCors(SITE_ORIGIN, { method, headers: origin ? { origin } : {} }, response);
  return { answered, ...answer };
}

describe("the photo function's cross-origin answers", () => {
  it("answers the site's own preflight in full, with no body", () => {
    expect(ask('OPTIONS', SITE_ORIGIN)).toEqual({
      answered: true,
      status: 204,
      body: '',
      headers: {
        'Access-Control-Allow-Origin': SITE_ORIGIN,
        Vary: 'Origin',
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Photo-Name, X-Firebase-AppCheck',
        'Access-Control-Max-Age': '3600',
      },
    });
  });

  it("lets the site's own upload and thumbnail through to the photo handling, readable by the page", () => {
    for (const method of ['POST', 'GET'])
      expect(ask(method, SITE_ORIGIN)).toEqual({
        answered: false,
        status: 0,
        body: undefined,
        headers: { 'Access-Control-Allow-Origin': SITE_ORIGIN, Vary: 'Origin' },
      });
  });

  it('allows no other origin, even one that only starts like the site', () => {
    for (const origin of ['https://evil.example', `${SITE_ORIGIN}.evil.example`, 'http://www.example.com']) {
      const preflight = ask('OPTIONS', origin);
      expect(preflight.answered).toBe(true);
      expect(preflight.headers['Access-Control-Allow-Origin']).toBeUndefined();
      expect(ask('POST', origin)).toEqual({ answered: false, status: 0, body: undefined, headers: {} });
    }
  });

  it('sets nothing on a call without an origin (not from a browser page)', () => {
    expect(ask('POST')).toEqual({ answered: false, status: 0, body: undefined, headers: {} });
  });
});
