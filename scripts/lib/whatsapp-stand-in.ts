/**
 * A local stand-in for the WhatsApp Business Cloud API, as MailDev stands in for the mail server:
 * `npm start`, `npm run dev` and the tests run it on http://127.0.0.1:9190, and the emulated
 * functions send their alerts to it (functions/.env.local).
 *
 * It accepts exactly the request Meta documents and refuses what Meta would refuse, answering as
 * the Graph API does:
 * - `POST /{version}/{phone number id}/messages`: a Bearer token (the emulator's WHATSAPP_TOKEN),
 *   the configured phone number id, `messaging_product: "whatsapp"`, `type: "template"`, a number
 *   of 8 to 15 digits, a registered template (functions/src/channels/whatsapp/templates.ts) in its language
 *   with exactly its number of body parameters, none holding a line break, a tab or more than four
 *   spaces in a row. 200 with `messages[0].id` (`wamid.…`); otherwise a Graph error object
 *   (`error.message`, `type`, `code`, `error_subcode`, `fbtrace_id`).
 * - `GET /messages`: every accepted message as JSON, oldest first (`to`, `template`, `language`,
 *   `parameters`, `text`, `receivedAt`); `DELETE /messages` empties it.
 * - `POST /faults` `{"count": 2, "status": 429, "code": 130429}`: the next N requests get that
 *   status and Graph error; `DELETE /faults` clears it.
 * - `GET /`: the messages as a phone shows them, newest first.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  renderTemplate,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplate,
} from '../../functions/src/channels/whatsapp/templates';

export type StandInMessage = {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  /** The body as a phone shows it. */
  text: string;
  receivedAt: string;
};

type StandInFault = { count: number; status: number; code: number; message?: string };

export type WhatsAppStandIn = {
  port: number;
  origin: string;
  /** Accepted messages, oldest first (live). */
  messages: StandInMessage[];
  /** The next `count` requests get `status` with Graph error `code`. */
  injectFault(fault: StandInFault): void;
  clear(): void;
  close(): Promise<void>;
};

type StandInOptions = {
  port?: number;
  host?: string;
  /** The token a request must carry (Bearer). */
  token: string;
  /** The phone number id the path must name. */
  phoneNumberId: string;
  /** The templates registered with Meta (all of the site's unless a test says otherwise). */
  templates?: readonly WhatsAppTemplate[];
};

type GraphErrorAnswer = { status: number; code: number; message: string; type?: string; subcode?: number };

const fbtrace = () => randomBytes(9).toString('base64url');

function graphError(response: ServerResponse, error: GraphErrorAnswer): void {
  response.writeHead(error.status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      error: {
        message: error.message,
        type: error.type ?? 'OAuthException',
        code: error.code,
        ...(error.subcode ? { error_subcode: error.subcode } : {}),
        fbtrace_id: fbtrace(),
      },
    }),
  );
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body, null, 2));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** What Meta would refuse in a template message, as its Graph error; null when it is acceptable. */
function refusalOf(
  body: unknown,
  templates: readonly WhatsAppTemplate[] = WHATSAPP_TEMPLATES,
): GraphErrorAnswer | null {
  const invalid = (message: string, code = 100): GraphErrorAnswer => ({ status: 400, code, message });
  if (!body || typeof body !== 'object') return invalid('(#100) The request body is not JSON.');
  const message = body as Record<string, unknown>;
  if (message.messaging_product !== 'whatsapp')
    return invalid('(#100) The parameter messaging_product is required and must be "whatsapp".');
  if (message.type !== 'template')
    return invalid('(#100) Param type must be "template" for a business-initiated message.');
  if (typeof message.to !== 'string' || !/^\+?[1-9][0-9]{7,14}$/.test(message.to))
    return invalid(`(#131030) Recipient phone number ${String(message.to)} is not valid`, 131030);
  const template = message.template as Record<string, unknown> | undefined;
  const language = (template?.language as Record<string, unknown> | undefined)?.code;
  const registered = templates.find(
    (candidate) => candidate.name === template?.name && candidate.language === language,
  );
  if (!registered)
    return {
      status: 404,
      code: 132001,
      message: `(#132001) Template name does not exist in the translation: ${String(template?.name)} (${String(language)})`,
    };
  const components = Array.isArray(template?.components)
    ? (template.components as Record<string, unknown>[])
    : [];
  const body_ = components.find((component) => component.type === 'body');
  const parameters = Array.isArray(body_?.parameters) ? (body_.parameters as Record<string, unknown>[]) : [];
  if (parameters.length !== registered.parameters.length)
    return invalid(
      `(#132000) Number of parameters does not match the expected number of params: expected ${registered.parameters.length}, got ${parameters.length}`,
      132000,
    );
  for (const parameter of parameters) {
    if (parameter.type !== 'text' || typeof parameter.text !== 'string' || parameter.text === '')
      return invalid(
        '(#131008) Required parameter is missing: body text parameters must be non-empty text',
        131008,
      );
    if (/[\n\t]| {5,}/.test(parameter.text))
      return invalid(
        '(#132018) Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
        132018,
      );
  }
  return null;
}

/** The messages as a phone shows them, newest first. */
function page(messages: StandInMessage[]): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const bubbles = [...messages]
    .reverse()
    .map(
      (message) => `<li><p class="to">to +${escape(message.to)} · ${escape(message.template)}</p>
<p class="bubble">${escape(message.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>
<p class="at">${escape(new Date(message.receivedAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }))}</p></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>WhatsApp stand-in</title>
<style>body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#efeae2;color:#111}
header{background:#075e54;color:#fff;padding:12px 16px}h1{font-size:17px;margin:0}
header p{margin:2px 0 0;font-size:13px;opacity:.85}ul{list-style:none;margin:0 auto;padding:12px;max-width:520px}
li{margin:0 0 14px}.bubble{background:#fff;border-radius:0 8px 8px 8px;padding:8px 10px;margin:2px 0;
box-shadow:0 1px 1px rgba(0,0,0,.12);overflow-wrap:anywhere}.to,.at{font-size:12px;color:#555;margin:0}
.at{text-align:right}a{color:#027eb5}</style></head><body>
<header><h1>WhatsApp Cloud API stand-in</h1><p>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first. Nothing leaves this machine.</p></header>
<ul>${bubbles || '<li><p class="bubble">No alert yet: send an enquiry on the site.</p></li>'}</ul></body></html>`;
}

export async function startWhatsAppStandIn(options: StandInOptions): Promise<WhatsAppStandIn> {
  const messages: StandInMessage[] = [];
  const faults: StandInFault[] = [];
  const host = options.host ?? '127.0.0.1';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'GET' && url.pathname === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page(messages));
        return;
      }
      if (url.pathname === '/messages') {
        if (request.method === 'GET') return json(response, 200, messages);
        if (request.method === 'DELETE') {
          messages.length = 0;
          return json(response, 200, { deleted: true });
        }
      }
      if (url.pathname === '/faults') {
        if (request.method === 'POST') {
          const fault = JSON.parse((await bodyOf(request)) || '{}') as StandInFault;
          faults.push({ ...fault, count: Math.max(1, fault.count || 1) });
          return json(response, 200, { queued: fault });
        }
        if (request.method === 'DELETE') {
          faults.length = 0;
          return json(response, 200, { cleared: true });
        }
      }
      const send = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname);
      if (request.method !== 'POST' || !send)
        return graphError(response, {
          status: 400,
          code: 100,
          message: `(#100) Unsupported request ${request.method} ${url.pathname}`,
        });

      const fault = faults[0];
      if (fault) {
        fault.count -= 1;
        if (fault.count <= 0) faults.shift();
        return graphError(response, {
          status: fault.status,
          code: fault.code,
          message: fault.message ?? `(#${fault.code}) Injected by the test`,
        });
      }
      if (request.headers.authorization !== `Bearer ${options.token}`)
        return graphError(response, {
          status: 401,
          code: 190,
          subcode: 463,
          message: 'Error validating access token: the token is invalid or has expired.',
        });
      if (send[2] !== options.phoneNumberId)
        return graphError(response, {
          status: 400,
          code: 100,
          subcode: 33,
          type: 'GraphMethodException',
          message: `Unsupported post request. Object with ID '${send[2]}' does not exist.`,
        });
      let body: unknown;
      try {
        body = JSON.parse(await bodyOf(request));
      } catch {
        body = null;
      }
      const refusal = refusalOf(body, options.templates);
      if (refusal) return graphError(response, refusal);

      const accepted = body as {
        to: string;
        template: {
          name: string;
          language: { code: string };
          components: { type: string; parameters: { text: string }[] }[];
        };
      };
      const template = WHATSAPP_TEMPLATES.find((candidate) => candidate.name === accepted.template.name);
      const parameters =
        accepted.template.components
          .find((component) => component.type === 'body')
          ?.parameters.map((parameter) => parameter.text) ?? [];
      const to = accepted.to.replace(/^\+/, '');
      const message: StandInMessage = {
        id: `wamid.${randomBytes(24).toString('base64url')}`,
        to,
        template: accepted.template.name,
        language: accepted.template.language.code,
        parameters,
        text: template ? renderTemplate(template, parameters) : '',
        receivedAt: new Date().toISOString(),
      };
      messages.push(message);
      json(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: accepted.to, wa_id: to }],
        messages: [{ id: message.id }],
      });
    })().catch((error: unknown) => graphError(response, { status: 500, code: 1, message: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    port,
    origin: `http://${host}:${port}`,
    messages,
    injectFault: (fault) => faults.push({ ...fault }),
    clear: () => {
      messages.length = 0;
      faults.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
