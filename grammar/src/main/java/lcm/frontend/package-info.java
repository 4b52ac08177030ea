/**
 * Reading a program: ProgramReader, the one reader every command uses, parses each file with the
 * front end its extension chooses (Frontend, the registry of front ends and of the extensions lcm
 * reads), builds the DAG (StructureBuilder, which puts on the nodes what composition needs of the
 * code: SerialCode for serial, replicated and parallel code, the implicit fragments' included;
 * Recursion for recursive calls), reads the measured-in program, and hands on a Program, or the
 * parsed files with their DAG (ParsedProgram) for the stages that write into the sources or
 * instrument them, with its problems.
 */
package lcm.frontend;

