/**
 * Imported first by in-process measurements: React and Remix choose their production builds by
 * NODE_ENV when they are first loaded, and the server runs in production.
 */
process.env.NODE_ENV = "production";
