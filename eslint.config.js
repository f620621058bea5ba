import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "bin/", "**/*.js", "**/*.cjs", "**/*.mjs"] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // JSON values are routinely interpolated into messages on purpose.
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/restrict-template-expressions": "off",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: "Use the seeded RNG from the context." },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Use the injected clock." },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Use the injected clock." },
        { selector: "CallExpression[callee.name='eval']", message: "Never eval data." },
        { selector: "NewExpression[callee.name='Function']", message: "Never build functions from data." }
      ]
    },
  },
  {
    // Translations of the reference's unit tests edit DBs as untyped dicts, as the Python tests do.
    files: ["test/reference-cases/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
);
