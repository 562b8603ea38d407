/**
 * The reply-speed figure buyers are shown (contract/reply-speed.ts): asked for once per page, from
 * the site's own `/api/reply-speed`, when a form wakes, never on the first paint and without the
 * Firebase SDK. Anything but a figure that may be shown (an offline visitor, a local preview with
 * no functions behind it, too few answered enquiries) shows nothing.
 */
import { useEffect, useState } from 'react';
import { readReplySpeed, REPLY_SPEED_PATH, replySpeedText } from '@contract/reply-speed';

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
export function useReplySpeedText(wanted: boolean): string | null | undefined {
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
