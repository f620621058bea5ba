/** Bundle the CLI and its worker into `outdir` (two levels under the project), from tsc's output or the sources. */
export declare function bundleCli(from: "dist" | "src", outdir: string): Promise<void>;
