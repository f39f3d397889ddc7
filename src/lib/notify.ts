/**
 * What modules use to speak to the user: toasts, confirmations and alerts. Modules import this
 * file, never the shell's toaster or dialog store, so the shell can change how they are shown.
 */
export { showToast } from '../app/toaster';
export { alertDialog, confirmDialog } from '../stores/dialog-store';
