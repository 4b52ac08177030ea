/**
 * The annotation language: AnnotationReader parses the text after an lcm sentinel into Annotation
 * records (models, data items, variable rules, sync events, file-level statements), ExprBuilder
 * turns parse trees into Expr values, Category names the lost-cycle categories. Uses lcm.antlr,
 * lcm.expr and lcm.source; used by both front ends and everything after them.
 */
package lcm.annotation;
