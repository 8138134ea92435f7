import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import prettier from "eslint-config-prettier";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "build*/**",
      "data/**",
      ".cache/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "reports/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Migrations are frozen in time and use Kysely<any> by design.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Loaded on first use, not with every server process (decision 051); types are free.
    files: ["app/**/*.{ts,tsx}", "server.ts"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/server/on-demand-modules.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            ...["sharp", "opentype.js", "@aws-sdk/client-s3"].map((name) => ({
              name,
              allowTypeImports: true,
              message: "Über app/server/on-demand-modules.server.ts laden (Entscheidung 051).",
            })),
            {
              name: "date-holidays",
              allowTypeImports: true,
              message:
                "Feiertage aus app/features/branches/holiday-table.json lesen (Entscheidung 051).",
            },
            {
              // One multipart reader (issue 36): Remix v2's parser refuses names with ';' or '='.
              name: "@remix-run/node",
              importNames: [
                "unstable_parseMultipartFormData",
                "unstable_createFileUploadHandler",
                "unstable_createMemoryUploadHandler",
              ],
              message: "Multipart mit app/server/multipart.server.ts lesen (Entscheidung 075).",
            },
            {
              // The route types under React Router 7's names (decision 090).
              name: "@remix-run/node",
              importNames: [
                "LoaderFunctionArgs",
                "ActionFunctionArgs",
                "MetaFunction",
                "LinksFunction",
                "HeadersFunction",
              ],
              message: "Typen als Route.… aus #app/server/route-types nehmen (Entscheidung 090).",
            },
          ],
          patterns: [
            {
              // One way to name a module (issue 37, item 6): siblings as "./x", the rest as "#app/…".
              regex: "^\\.\\./",
              message:
                "Außerhalb des eigenen Ordners mit #app/… importieren, nicht mit ../ (Entscheidung 089).",
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure (issue 37, item 6; decision 089): no database, no Remix, no Node, no clock
    // and no environment. A caller passes `now` and the values it read.
    files: ["app/domain/**/*.{ts,tsx}"],
    ignores: ["app/domain/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "kysely",
                "kysely/*",
                "pg",
                "pg-*",
                "@electric-sql/pglite",
                "@electric-sql/*",
              ],
              message: "app/domain kennt keine Datenbank (Entscheidung 089).",
            },
            {
              group: ["**/db", "**/db/*", "#app/db/*", "#app/db"],
              message: "app/domain importiert nichts aus app/db (Entscheidung 089).",
            },
            { group: ["@remix-run/*"], message: "app/domain kennt kein Remix (Entscheidung 089)." },
            { group: ["node:*"], message: "app/domain kennt kein Node.js (Entscheidung 089)." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...[
          "NewExpression[callee.name='Date'][arguments.length=0]",
          "CallExpression[callee.name='Date']",
          "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          "CallExpression[callee.object.name='DateTime'][callee.property.name=/^(now|local|utc)$/][arguments.length=0]",
          "CallExpression[callee.object.name='DateTime'][callee.property.name=/^(local|utc)$/][arguments.length=1][arguments.0.type='ObjectExpression']",
        ].map((selector) => ({
          selector,
          message: "app/domain liest die Uhr nicht: `now` übergeben (Entscheidung 089).",
        })),
      ],
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "app/domain liest keine Umgebung (Entscheidung 089).",
        },
      ],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      "react/prop-types": "off",
    },
  },
  prettier,
);
