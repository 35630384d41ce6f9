import type { CSSProperties } from 'react';

/** One part of the address on one line; a part wider than the cell ends in an ellipsis. */
const part: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'bottom',
};

/**
 * An e-mail address in a narrow cell: it breaks only after the @ (never inside the name or the domain), and
 * the whole address is in the title.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span title={email}>{email}</span>;
  return (
    <span title={email} data-email={email}>
      <span style={part}>{email.slice(0, at + 1)}</span>
      <wbr />
      <span style={part}>{email.slice(at + 1)}</span>
    </span>
  );
}
