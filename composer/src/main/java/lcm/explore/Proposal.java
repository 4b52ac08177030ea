package lcm.explore;

import lcm.dag.Program;

/** An edit and the program it makes. */
public record Proposal(Edit edit, Program result) {
}
