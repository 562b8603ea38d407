/**
 * Sending one template message through the WhatsApp Business Cloud API, as Meta documents it:
 * `POST {base}/{version}/{phone number id}/messages` with a Bearer token and a `template` message.
 * Plain `fetch`, no SDK. A refusal becomes a WhatsAppSendError that says whether to try again
 * later (HTTP 429, 5xx, a network error, a throughput limit) and, for the rest, what a person can
 * do about it.
 */
import type { WhatsAppTemplate } from './templates';

export type WhatsAppSettings = {
  /** `https://graph.facebook.com`, or the local stand-in. */
  apiBase: string;
  /** The Graph API version, `v23.0`. */
  apiVersion: string;
  /** The business phone number's ID in WhatsApp Manager (not the number itself). */
  phoneNumberId: string;
  token: string;
  /** The sales team's numbers, digits only with the country code (`919876543210`). */
  numbers: string[];
  /** The public site's origin, for the inbox link in each alert. */
  siteUrl: string;
};

/** Long enough for a slow answer, short enough that a few tries stay well inside a lease. */
const GRAPH_TIMEOUT_MS = 10_000;

/** Graph error codes that mean "not now": rate and throughput limits, a passing outage. */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 341, 80007, 130429, 131048, 131056]);

export class WhatsAppSendError extends Error {
  constructor(
    /** Try again later without spending an attempt. */
    readonly temporary: boolean,
    /** What happened and what a person can do, in a line. */
    readonly reason: string,
    /** The HTTP status and Graph error as received, for whoever runs the site. */
    readonly detail: string,
  ) {
    super(reason);
  }
}

type GraphError = {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
};

function describeRefusal(
  status: number,
  error: GraphError | undefined,
  template: WhatsAppTemplate,
  to: string,
) {
  const code = error?.code;
  const detail = [
    `HTTP ${status}`,
    code !== undefined ? `Graph error ${code}${error?.error_subcode ? `/${error.error_subcode}` : ''}` : null,
    error?.message ?? null,
    error?.fbtrace_id ? `trace ${error.fbtrace_id}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  if (status === 429 || status >= 500 || (code !== undefined && TEMPORARY_CODES.has(code)))
    return new WhatsAppSendError(
      true,
      'WhatsApp asked us to wait (busy or over its rate); it is tried again.',
      detail,
    );
  if (code === 190 || status === 401)
    return new WhatsAppSendError(
      false,
      'The WhatsApp access token is wrong or has expired: set WHATSAPP_TOKEN again and redeploy the functions.',
      detail,
    );
  if (code === 132001)
    return new WhatsAppSendError(
      false,
      `The template ${template.name} (${template.language}) is not registered or not approved: register it in WhatsApp Manager exactly as the README gives it.`,
      detail,
    );
  if (code === 132000 || code === 132018)
    return new WhatsAppSendError(
      false,
      `The template ${template.name} is registered with other parameters than the site sends: register it exactly as the README gives it.`,
      detail,
    );
  if (
    code === 131026 ||
    code === 131030 ||
    code === 131009 ||
    (code === 100 && /\bto\b|phone/i.test(error?.message ?? ''))
  )
    return new WhatsAppSendError(
      false,
      `The number +${to} cannot receive this WhatsApp message: check SALES_WHATSAPP_NUMBERS.`,
      detail,
    );
  return new WhatsAppSendError(false, 'WhatsApp refused the alert; the details say why.', detail);
}

/** Sends one template message to one number; resolves with Meta's message ID. */
export async function sendTemplateMessage(
  settings: WhatsAppSettings,
  to: string,
  template: WhatsAppTemplate,
  parameters: readonly string[],
): Promise<{ messageId: string }> {
  const url = `${settings.apiBase.replace(/\/+$/, '')}/${settings.apiVersion}/${settings.phoneNumberId}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
        },
      }),
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new WhatsAppSendError(true, 'WhatsApp did not answer (a network error); it is tried again.', cause);
  }
  const body = (await response.json().catch(() => ({}))) as {
    messages?: { id?: string }[];
    error?: GraphError;
  };
  const messageId = body.messages?.[0]?.id;
  if (response.ok && messageId) return { messageId };
  throw describeRefusal(response.status, body.error, template, to);
}
