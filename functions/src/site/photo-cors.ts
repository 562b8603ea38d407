/**
 * Cross-origin answers of the `sitePhoto` function: the inbox calls it from the site's own origin
 * (the function lives on cloudfunctions.net), with the owner's ID token, the photo's name and the
 * App Check token in headers of its own, so the browser asks first. No other origin is answered.
 */
/** How long a browser may keep the preflight's answer: an hour of uploads without asking again. */
const PREFLIGHT_MAX_AGE_SECONDS = 3600;

export const PHOTO_CORS_METHODS = 'GET, POST';
/** The headers the inbox sends: the owner's ID token, the file's type and name, the App Check token. */
export const PHOTO_CORS_HEADERS = 'Authorization, Content-Type, X-Photo-Name, X-Firebase-AppCheck';

type CorsRequest = { method: string; headers: Record<string, string | string[] | undefined> };
type CorsResponse = {
  status(code: number): CorsResponse;
  set(name: string, value: string): CorsResponse;
  send(body: string): void;
};

/**
 * Allows the site's own origin (`siteOrigin`, SITE_URL's) to read the answer and answers a
 * preflight (OPTIONS) in full; true when the request is answered, so the caller stops there.
 */
export function answerPhotoCors(siteOrigin: string, request: CorsRequest, response: CorsResponse): boolean {
  if (request.headers.origin === siteOrigin) {
    response.set('Access-Control-Allow-Origin', siteOrigin);
    response.set('Vary', 'Origin');
  }
  if (request.method !== 'OPTIONS') return false;
  response.set('Access-Control-Allow-Methods', PHOTO_CORS_METHODS);
  response.set('Access-Control-Allow-Headers', PHOTO_CORS_HEADERS);
  response.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
  response.status(204).send('');
  return true;
}
