/**
 * zod with the German error map installed (decision 091). Vite resolves every `from "zod"` of
 * the builds and the development server here (vite.config.ts), so a schema cannot be parsed
 * before the map is in place; the server's entry and Vitest's setup import it as well. In the
 * browser it travels with zod in the chunk of the back-office pages that validate with conform:
 * the storefront's pages load no zod and none of this either.
 */
import { config } from "zod/v4/core";
import { germanIssue } from "./i18n/de-validation";

config({ customError: germanIssue });

export * from "zod/v4";
export { default } from "zod/v4";
