import type { ReactNode } from 'react';

/**
 * Shows a catalogue message with one marked part, written in Lingui's tag notation: "Check <0>this</0>".
 * The whole sentence stays one message, so a translation can move the marked part (ADR 027).
 */
export function Tagged({ message, wrap }: { message: string; wrap: (part: string) => ReactNode }) {
  const match = /^(.*)<0>(.*)<\/0>(.*)$/s.exec(message);
  if (!match) return message;
  const [, before = '', part = '', after = ''] = match;
  return (
    <>
      {before}
      {wrap(part)}
      {after}
    </>
  );
}
