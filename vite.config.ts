import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The running build's version, which a bug report carries (Feedback and Support).
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // zod without eval in the browser (src/web/lib/zod-browser.ts, decision 131).
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL("./src/web/lib/zod-browser.ts", import.meta.url)),
      },
    ],
  },
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/dev/mailbox": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
