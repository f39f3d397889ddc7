import { loadCatalogue } from './language';

/**
 * Vitest setup: the app loads one language's catalogue before it draws (src/main.tsx); unit tests
 * use both without going through the app's start.
 */
await Promise.all([loadCatalogue('en'), loadCatalogue('zh')]);
