package lcm.fortran;

import lcm.source.SourceLocation;
import lcm.structure.Attached;
import lcm.structure.BranchProbabilities;
import lcm.structure.Construct;
import lcm.structure.OpenBlock;

import java.util.ArrayList;
import java.util.List;

/**
 * A block the Fortran block builder has open: a DO loop, an IF, a directive-delimited parallel
 * construct, a fragment. Filled while the builder reads the block's lines; what every front end's
 * open block has is {@link OpenBlock}'s.
 */
final class Frame extends OpenBlock {
    final FrameKind kind;
    // DO
    String label = "";
    String variable = "";
    List<String> bounds = List.of();
    Directive loopDirective;  // set when a parallel-loop directive made this DO parallel
    Attached loopAttached = Attached.NONE;
    // IF / SELECT: completed branches
    final List<List<Construct>> branches = new ArrayList<>();
    boolean inCase;                     // SELECT: a 'case' has opened a branch
    BranchProbabilities probabilities;  // IF / SELECT: each branch's own probability: lines
    // tasks created in this block and not yet waited for
    final List<Construct.Section> tasks = new ArrayList<>();
    int tasksAt = -1;
    SourceLocation tasksLocation;
    // directive that opened a directive block
    Directive directive;
    String fragmentName = "";
    int lastLine;

    Frame(FrameKind kind, String shown, SourceLocation at, Attached attached) {
        super(shown, at, attached);
        this.kind = kind;
        this.lastLine = at.line();
    }
}
