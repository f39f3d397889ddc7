/** The navbar's size switch (SPEC §2) as modules may follow it, without reaching into the shell. */
export { useControlSize } from '../stores/app-store';
