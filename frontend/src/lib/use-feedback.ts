import { useCallback, useMemo, useState } from 'react';

/**
 * The error or success message of a screen's latest action, and nothing older: starting an action clears
 * both, a failure replaces a success message and the other way round (FeedbackAlerts shows them).
 */
export function useFeedback() {
  const [state, setState] = useState({ error: '', notice: '' });
  const clear = useCallback(() => setState({ error: '', notice: '' }), []);
  const fail = useCallback((error: string) => setState({ error, notice: '' }), []);
  const succeed = useCallback((notice: string) => setState({ error: '', notice }), []);
  const closeError = useCallback(() => setState((s) => ({ ...s, error: '' })), []);
  const closeNotice = useCallback(() => setState((s) => ({ ...s, notice: '' })), []);
  return useMemo(
    () => ({ error: state.error, notice: state.notice, clear, fail, succeed, closeError, closeNotice }),
    [state, clear, fail, succeed, closeError, closeNotice],
  );
}
