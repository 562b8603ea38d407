/**
 * The reply-speed figure buyers are shown (contract/delivery/reply-speed.ts): asked for once per page, from
 * the site's own `/api/reply-speed`, when a form wakes, never on the first paint and without the
 * Firebase SDK. Anything but a figure that may be shown (an offline visitor, a local preview with
 * no functions behind it, too few answered enquiries) shows nothing. Each line holds its own state,
 * so the answer arriving re-renders one line, not the whole form.
 */
import { useEffect, useState } from 'react';
import { readReplySpeed, REPLY_SPEED_PATH, replySpeedText } from '@contract/delivery/reply-speed';

let asked: Promise<string | null> | undefined;

async function fetchReplySpeedText(): Promise<string | null> {
  try {
    const response = await fetch(REPLY_SPEED_PATH, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    return replySpeedText(readReplySpeed(await response.json()));
  } catch {
    return null;
  }
}

/**
 * The figure's sentence once `wanted` (the form is awake) and the answer is in: undefined until
 * then, null when there is nothing to show.
 */
function useReplySpeedText(wanted: boolean): string | null | undefined {
  const [text, setText] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    asked ??= fetchReplySpeedText();
    void asked.then((answer) => {
      if (current) setText(answer);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return text;
}

/**
 * The line under the full form on /enquiry: in the prerendered page, empty, with its height kept,
 * so the figure arriving moves nothing; `data-answered` once the answer is in.
 */
export function ReplySpeedLine({ wanted }: { wanted: boolean }) {
  const text = useReplySpeedText(wanted);
  return (
    <p className="enquiry-form__speed" data-answered={text === undefined ? undefined : ''}>
      {text}
    </p>
  );
}

/** The figure in a thank-you, as a sentence; nothing when there is none. */
export function ReplySpeedThanks() {
  const text = useReplySpeedText(true);
  return text ? <p className="enquiry-thanks__speed">{text}.</p> : null;
}
