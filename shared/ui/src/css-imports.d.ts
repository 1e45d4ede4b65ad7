// Side-effect stylesheet imports (fontsource); the bundler handles them, TypeScript only needs to accept them.
declare module '*.css';
