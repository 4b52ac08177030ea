/**
 * The one expression stack: Expr (numbers, variables, + - * / ^, the functions of Fn), Fn (name,
 * arity and value of each function), Evaluator and CompiledExpr (one semantics; a Tape of shared
 * subexpressions, interpreted and compiled to bytecode with Janino by JavaEmitter), ExprPrinter
 * (plain, spaced, compact, lca and LaTeX styles), NumberText (the one number format),
 * Coefficients (fitted values written into a model) and Processors (the variable p).
 */
package lcm.expr;

