// The page's JavaScript (`puzzlec-cli/src/serve/page/`), checked with `npx eslint`: the
// recommended rules, for modules run by the browser.
export default [
  {
    files: ["puzzlec-cli/src/serve/page/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        document: "readonly", window: "readonly", location: "readonly", fetch: "readonly",
        WebSocket: "readonly", Blob: "readonly", URL: "readonly", Response: "readonly",
        TextDecoder: "readonly", DecompressionStream: "readonly", setTimeout: "readonly",
        URLSearchParams: "readonly",
        clearTimeout: "readonly", BigInt: "readonly", structuredClone: "readonly",
        AbortController: "readonly", localStorage: "readonly", Intl: "readonly",
        ResizeObserver: "readonly",
      },
    },
    // The rules of `eslint:recommended` that matter here, named so that the file needs no
    // package beside eslint (`npx eslint@9 puzzlec-cli/src/serve/page`).
    rules: {
      "no-unused-vars": "error",
      "no-unreachable": "error",
      "no-dupe-keys": "error",
      "no-redeclare": "error",
      "no-empty": "error",
      "no-constant-condition": "error",
      "no-self-assign": "error",
      "no-fallthrough": "error",
      "no-case-declarations": "error",
      "no-unsafe-finally": "error",
      "no-var": "error",
      "no-undef": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "smart"],
    },
  },
];
