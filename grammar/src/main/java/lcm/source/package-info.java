/**
 * Source texts and diagnostics shared by every stage: SourceText and SourceRegistry hold what was
 * read, SourceLocation and SourceSpan point into it, Diagnostic, Diagnostics and UserError carry
 * located problems, DiagnosticRenderer prints them with the source line and a caret.
 */
package lcm.source;

