// ESLint flat config: type-aware TypeScript rules everywhere, React hooks and accessibility
// rules on the components. `npm run lint` allows no warning.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/", "dist-server/", "node_modules/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // node:test runs the promises `test` and `describe` return itself.
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          allowForKnownSafeCalls: [
            { from: "package", package: "node:test", name: ["test", "describe", "it", "suite"] },
          ],
        },
      ],
    },
  },
  // Plain JavaScript outside the TypeScript project (a worker's loader): no type-aware rules.
  { files: ["**/*.mjs"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["test/**"],
    rules: {
      // React's act() flushes effects only when given an async callback, awaited or not.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["src/**/*.tsx", "test/**/*.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["src/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);
