import { useEffect, useRef } from 'react';

/** A <dialog> opened as a modal when it mounts; `close` closes it, which fires its onClose. */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return { ref, close: () => ref.current?.close() };
}
