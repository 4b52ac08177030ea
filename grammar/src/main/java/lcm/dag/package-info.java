/**
 * The Program value composition takes: the parallel-structure DAG (Node: serial, parallel,
 * parallel loop, loop, fragment, leaf; a routine called twice is one shared node; Child and Use,
 * the edges with what is written at each use), what the nodes say of the code (Execution, Branch,
 * Storage), the fragments by the thesis' rule where the sources mark none (ImplicitFragments, and
 * how each runs, on the Dag), and Program itself; DagText, DagDot and DagJson print the DAG. Values only, built by
 * lcm.frontend; nothing here knows how a program is written.
 */
package lcm.dag;

