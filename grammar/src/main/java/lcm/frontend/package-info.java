/**
 * Reading a program: ProgramReader, the one reader every command uses, parses each file with the
 * front end its extension chooses (Frontend, the registry of front ends and of the extensions lcm
 * reads), builds the DAG (StructureBuilder, which puts on the nodes what composition needs of the
 * code: SerialCode), reads the measured-in program, and hands on a Program with its problems.
 */
package lcm.frontend;

