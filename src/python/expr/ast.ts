/** The expressions the calculator alphabet can spell, as CPython parses them. */

export type BinaryOp = "+" | "-" | "*" | "/" | "//" | "**";
export type UnaryOp = "+" | "-";

/** A call's single argument (no commas are allowed, so there is at most one). */
export type CallArg =
  | { readonly kind: "positional"; readonly value: Expr }
  | { readonly kind: "star"; readonly value: Expr }
  | { readonly kind: "double_star"; readonly value: Expr };

export type Expr =
  | { readonly kind: "int"; readonly value: bigint }
  | { readonly kind: "float"; readonly value: number }
  | { readonly kind: "ellipsis" }
  /** `()`: without commas the only tuple is the empty one. */
  | { readonly kind: "empty_tuple" }
  | { readonly kind: "unary"; readonly op: UnaryOp; readonly operand: Expr }
  | { readonly kind: "binary"; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly kind: "call"; readonly callee: Expr; readonly arg: CallArg | null }
  /** `*x` where CPython's grammar accepts it before rejecting the whole parse. */
  | { readonly kind: "starred"; readonly value: Expr };
