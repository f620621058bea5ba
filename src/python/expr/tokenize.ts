/**
 * CPython 3.11's tokenizer, restricted to the calculator's alphabet
 * (`0-9 + - * / ( ) .` and spaces). Besides the tokens it reports the first
 * error the real tokenizer would raise, because CPython lets such an error win
 * over any syntax error the parser finds.
 */

export type TokenKind = "number" | "..." | "." | "+" | "-" | "*" | "**" | "/" | "//" | "(" | ")" | "end";

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  /** Parenthesis depth after this token, as CPython stores it on the token. */
  readonly level: number;
}

export interface Tokenized {
  /** Always ends with an `end` token (unless `error` is set). */
  readonly tokens: readonly Token[];
  /** End of input inside parentheses: reading `end` raises "'(' was never closed". */
  readonly unclosed: boolean;
  /** A tokenizer error somewhere in the text; it is what Python reports. */
  readonly error?: string;
}

/** CPython's MAXLEVEL: deeper parenthesis nesting is a tokenizer error. */
const MAX_PAREN_LEVEL = 200;

const LEADING_ZEROS =
  "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers";

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

export function tokenize(source: string): Tokenized {
  const tokens: Token[] = [];
  let level = 0;
  let i = 0;
  const push = (kind: TokenKind, text: string): void => void tokens.push({ kind, text, level });
  const digitsFrom = (k: number): number => {
    while (isDigit(source[k])) k++;
    return k;
  };

  while (i < source.length) {
    const c = source[i] as string;
    if (c === " ") {
      i++;
      continue;
    }
    if (isDigit(c)) {
      const start = i;
      if (c === "0") {
        while (source[i] === "0") i++;
        const nonzero = isDigit(source[i]);
        i = digitsFrom(i);
        if (source[i] !== "." && nonzero) return { tokens, unclosed: false, error: LEADING_ZEROS };
      } else {
        i = digitsFrom(i);
      }
      if (source[i] === ".") i = digitsFrom(i + 1);
      push("number", source.slice(start, i));
      continue;
    }
    if (c === ".") {
      if (isDigit(source[i + 1])) {
        const end = digitsFrom(i + 1);
        push("number", source.slice(i, end));
        i = end;
      } else if (source[i + 1] === "." && source[i + 2] === ".") {
        push("...", "...");
        i += 3;
      } else {
        push(".", ".");
        i++;
      }
      continue;
    }
    if ((c === "*" || c === "/") && source[i + 1] === c) {
      push(c === "*" ? "**" : "//", c + c);
      i += 2;
      continue;
    }
    if (c === "(") {
      if (level >= MAX_PAREN_LEVEL) return { tokens, unclosed: false, error: "too many nested parentheses" };
      level++;
      push("(", c);
      i++;
      continue;
    }
    if (c === ")") {
      if (level === 0) return { tokens, unclosed: false, error: "unmatched ')'" };
      level--;
      push(")", c);
      i++;
      continue;
    }
    if (c === "+" || c === "-" || c === "*" || c === "/") {
      push(c, c);
      i++;
      continue;
    }
    throw new Error(`tokenize: character ${JSON.stringify(c)} is outside the calculator alphabet`);
  }
  push("end", "");
  return { tokens, unclosed: level > 0 };
}
