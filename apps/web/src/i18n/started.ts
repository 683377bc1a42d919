import { startLanguage } from './start.ts';

/**
 * The device's language, its catalogues fetched and its texts put in place (decision 0092), awaited at
 * this module's top level: main.tsx imports it before the app, so every module of the app, which runs
 * after it, computes its texts in that language, and the app stays in the entry's chunks (one static
 * graph the HTML preloads, issue 29) rather than a chunk fetched once this has run.
 */
await startLanguage();
