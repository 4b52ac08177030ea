/**
 * The annotation language: AnnotationReader parses the text after an lcm sentinel into Annotation
 * records (models, data items, variable rules, sync events, file-level statements), ExprBuilder
 * turns parse trees into Expr values, Category names the lost-cycle categories.
 */
package lcm.annotation;

