/**
 * An accessible modal dialog on the native <dialog> element: focus moves in and is trapped,
 * Escape closes it, the page behind is inert, and focus returns where it was on close.
 * The overlay, the × button and Escape all close it through the element's own close event, so
 * `onClose` runs exactly once per closing.
 */
import { useEffect, useEffectEvent, useRef, type ReactNode, type Ref } from 'react';
import { CloseIcon } from './icons';
import './dialog.css';

type DialogFrameProps = {
  /** id of the heading that names the dialog */
  labelledBy: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLDialogElement>;
};

/**
 * A dialog's markup: the element, its panel and its × button around the content. Dialog drives it
 * with React; a page may also render it closed for DOM code to open and close (the promotional popup).
 */
export function DialogFrame({ labelledBy, className, children, ref }: DialogFrameProps) {
  return (
    <dialog ref={ref} className={className ? `dialog ${className}` : 'dialog'} aria-labelledby={labelledBy}>
      <div className="dialog__panel">
        <button type="button" className="dialog__close" aria-label="Close">
          <CloseIcon />
        </button>
        {children}
      </div>
    </dialog>
  );
}

type DialogProps = Omit<DialogFrameProps, 'ref'> & {
  open: boolean;
  onClose: () => void;
};

/** A dialog React opens and closes; its content is rendered only while it is open. */
export function Dialog({ open, onClose, children, ...frame }: DialogProps) {
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
    const clicked = ({ target }: MouseEvent) =>
      (target === dialog || (target as Element).closest('.dialog__close')) && dialog.close();
    dialog.addEventListener('close', closed);
    dialog.addEventListener('click', clicked);
    return () => {
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('click', clicked);
    };
  }, []);

  return (
    <DialogFrame ref={ref} {...frame}>
      {open ? children : null}
    </DialogFrame>
  );
}
