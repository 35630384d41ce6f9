import { useTranslation } from 'react-i18next';
import { errorMessage } from './api';
import type { useFeedback } from './use-feedback';

interface ActiveToggleOptions<R> {
  inactivate: (row: R) => Promise<unknown>;
  restore: (row: R) => Promise<unknown>;
  /** Reloads the list after either. */
  reload: () => Promise<void>;
  feedback: ReturnType<typeof useFeedback>;
}

/** Inactivate or Restore on a catalogue row: then the list reloads; a failure shows in the screen's error alert. */
export function useActiveToggle<R extends { isActive: boolean }>({
  inactivate,
  restore,
  reload,
  feedback,
}: ActiveToggleOptions<R>) {
  const { t } = useTranslation();
  return async (row: R) => {
    feedback.clear();
    try {
      if (row.isActive) await inactivate(row);
      else await restore(row);
      await reload();
    } catch (err) {
      feedback.fail(errorMessage(err, t('common.saveFailed')));
    }
  };
}
