/**
 * An accessible modal dialog on the native <dialog> element: focus moves in and is trapped,
 * Escape closes it, the page behind is inert, and focus returns where it was on close.
 * The overlay, the × button and Escape all close it through the element's own close event, so
 * `onClose` runs exactly once per closing.
 */
import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import './dialog.css';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** id of the heading that names the dialog */
  labelledBy: string;
  className?: string;
  children: ReactNode;
};

export function Dialog({ open, onClose, labelledBy, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const handleClose = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => handleClose();
    // A click on the dialog element itself (not its panel) is a click on the overlay.
    const clickedOverlay = (event: MouseEvent) => event.target === dialog && dialog.close();
    dialog.addEventListener('close', closed);
    dialog.addEventListener('click', clickedOverlay);
    return () => {
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('click', clickedOverlay);
    };
  }, []);

  return (
    <dialog ref={ref} className={className ? `dialog ${className}` : 'dialog'} aria-labelledby={labelledBy}>
      <div className="dialog__panel">
        <button
          type="button"
          className="dialog__close"
          aria-label="Close"
          onClick={() => ref.current?.close()}
        >
          <CloseIcon />
        </button>
        {open ? children : null}
      </div>
    </dialog>
  );
}
