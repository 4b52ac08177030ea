package lcm.explore;

import lcm.dag.Program;

import java.util.List;

/** A kind of restructuring: every place of a program it applies to, and where it would apply but may not. */
interface Transformation {

    /** The edits this transformation makes on {@code program}, each with the program it gives. */
    List<Proposal> propose(Program program, List<Refusal> refused);
}
