import { Fragment } from 'react';

/**
 * Text whose `backticked` parts are code (scenario descriptions are written that way): drawn as
 * <code>, without the backticks. An unmatched backtick stays as written.
 */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`');
  if (parts.length < 3) return <>{text}</>;
  // An even count of parts means an odd count of backticks: the last one has no partner.
  const last = parts.length % 2 === 0 ? parts.length - 1 : -1;
  return (
    <>
      {parts.map((p, i) =>
        i === last ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>`{p}</Fragment>
        ) : i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <code key={i}>{p}</code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </>
  );
}
