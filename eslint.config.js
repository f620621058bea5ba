import tseslint from "typescript-eslint";

/**
 * The layers of src/, bottom first; docs/architecture.md draws them and says what each holds. A folder may import
 * the folders of the layers below its own and those listed before it in its own layer, never one listed after it,
 * so no two folders can import each other. `index` is src/index.ts, the public API: nothing in src/ imports it.
 * A new folder of src/ goes on this map (test/lint/layers.test.ts fails until it does).
 */
const LAYERS = [
  ["json", "python", "hash"],
  ["loaders", "llm"],
  ["engine"],
  ["domains", "plugins", "scoring", "replay", "diagnosis", "fuzz"],
  ["run"],
  ["results", "compare", "report", "import", "audit", "validate", "crosscheck", "scaffold"],
  ["cli"],
  ["index"],
];

const DEEPEST = 6;

/**
 * One no-restricted-imports block per folder and depth. The rule sees the import's text, not the file it resolves
 * to, so the pattern counts the `../`: from src/F/a/b.ts exactly three of them lead to src/, and what follows names
 * the folder the import lands in (fewer stay inside F, more leave src/).
 */
function layerRules() {
  const order = LAYERS.flat();
  const layerOf = (name) => LAYERS.findIndex((layer) => layer.includes(name)) + 1;
  const blocks = [];
  const block = (name, above) => {
    const folders = above.filter((n) => n !== "index");
    const lands = [`(?:${folders.join("|")})(?:/|$)`, ...(above.includes("index") ? [String.raw`index\.js$`] : [])];
    const may = order.filter((n) => n !== name && !above.includes(n));
    const message = `src/${name} is on layer ${layerOf(name)} of ${LAYERS.length} and imports ${may.length > 0 ? `only ${may.join(", ")}` : "nothing of src/"} (docs/architecture.md).`;
    for (let depth = 1; depth <= DEEPEST; depth++) {
      const glob = `src/${name}/${"*/".repeat(depth - 1)}*.ts`;
      const regex = String.raw`^(?:\.\./){${depth}}(?:${lands.join("|")})`;
      blocks.push({ files: [glob], rules: { "no-restricted-imports": ["error", { patterns: [{ regex, message }] }] } });
    }
  };
  for (const name of order.filter((n) => n !== "index")) block(name, order.slice(order.indexOf(name) + 1));
  return blocks;
}

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
  ...layerRules(),
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
