import { useRef, useState } from 'react';

/** What the code step gives: proof that the farmer holds this mobile, until it ends. */
export interface MobileProof {
  mobile: string;
  token: string;
  expiresAt: string;
}

/**
 * VerifyMobileAtRegistration (docs/product-rules.md#verifying-the-mobile-at-registration): whether a code to the
 * typed mobile is asked before the submit (the page says so, or a refusal said so), the code step while it is
 * open, and the proof it gave (for its mobile, until it ends).
 */
export function useMobileProof(onAtStart: boolean) {
  const [required, setRequired] = useState(onAtStart);
  const [askCode, setAskCode] = useState(false);
  const proof = useRef<MobileProof | null>(null);

  return {
    required,
    askCode,
    /** The code step opens: the form waits for its proof. */
    ask: () => setAskCode(true),
    /** The proof while it lasts (with half a minute to spare), for the mobile typed now. */
    liveFor: (mobile: string): MobileProof | null => {
      const p = proof.current;
      return p && p.mobile === mobile && Date.parse(p.expiresAt) > Date.now() + 30_000 ? p : null;
    },
    /** The code step gave its proof. */
    keep: (p: MobileProof) => {
      proof.current = p;
      setAskCode(false);
    },
    /** Refused for want of a proof (turned on since the page opened, or the proof ended): ask again. */
    refused: () => {
      proof.current = null;
      setRequired(true);
      setAskCode(true);
    },
  };
}
