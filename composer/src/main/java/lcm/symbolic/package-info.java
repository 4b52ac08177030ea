/**
 * The only door to Symja: SymjaBridge converts Expr values to Symja through an allow-list of
 * operations and back, Simplifier runs Symja under time limits on its own worker. No user text
 * reaches Symja's parser.
 */
package lcm.symbolic;

