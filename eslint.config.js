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
          ],
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
