/**
 * A button that opens a dialog (a staff row's "Change", "Move", "Restore"): the dialog closes when it
 * reports done, and its message goes to `onDone`. The dialog is a StaffDialog, which hands focus back to
 * this button as it closes.
 */
import { useState, type ReactNode } from 'react';

/** What the opened dialog is handed: close it, or close it and report what was done. */
export interface DialogControls {
  close: () => void;
  done: (message: string) => void;
}

export function DialogButton({
  label,
  onDone,
  children,
}: {
  label: string;
  onDone: (message: string) => void;
  children: (controls: DialogControls) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const controls: DialogControls = {
    close: () => setOpen(false),
    done: (message) => {
      setOpen(false);
      onDone(message);
    },
  };
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && children(controls)}
    </>
  );
}
