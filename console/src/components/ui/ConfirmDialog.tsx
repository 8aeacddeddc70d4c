import { useId, type ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { ErrorBox } from './ErrorBox';
import { useModal } from './useModal';

/**
 * A modal that asks before something that cannot be undone. Cancel has the focus, so Enter alone
 * does not confirm; closing it any way (Cancel, Escape) calls `onClose`.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: CombinedError | Error | string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { ref, close } = useModal();
  const titleId = useId();
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <ErrorBox error={error} />
      <div className="buttons">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={close} autoFocus>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
