/** The shell's Chakra system, for tests that render a module's component inside the real theme. */
export { system } from '../app/system';
