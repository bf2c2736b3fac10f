/// <reference types="vite/client" />
// Lets TypeScript accept the renderer's CSS imports, which Vite bundles into one stylesheet.
