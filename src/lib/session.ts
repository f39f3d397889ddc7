/** The signed-in account (site, store, menus) as modules may read it, without reaching into the shell. */
export { useSessionStore } from '../stores/session-store';
