import Alert from '@mui/material/Alert';

interface FeedbackAlertsProps {
  /** An action's failure: shown as a closable error alert. */
  error: string;
  onCloseError: () => void;
  errorTestId?: string;
  /** An action's success: shown as a closable success alert (screens without one leave it out). */
  notice?: string;
  onCloseNotice?: () => void;
}

/** The error and success alerts a list screen shows after its own actions (save, delete, inactivate...). */
export function FeedbackAlerts({ error, onCloseError, errorTestId, notice, onCloseNotice }: FeedbackAlertsProps) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={onCloseError} data-testid={errorTestId}>
          {error}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={onCloseNotice}>
          {notice}
        </Alert>
      )}
    </>
  );
}

/** Why a list could not be loaded (see useListQuery); nothing while there is no such error. */
export function LoadErrorAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
