/** package.json's version, set at build time (vite.config.ts). */
declare const __APP_VERSION__: string;
