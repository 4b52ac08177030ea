package lcm.structure;

import lcm.source.SourceLocation;
import lcm.source.SourceSpan;

import java.util.ArrayList;
import java.util.List;

/**
 * A block a front end's block builder has open (a loop, a branch, a parallel-sections construct,
 * a fragment), as both the Fortran and the Java builder keep it while they read its lines: where
 * it opened, what is attached to it, the constructs read into it so far and, for a sections
 * construct, the sections completed and the one being filled. Each builder's frame adds what only
 * its language has. The one place where a section is completed.
 */
public abstract class OpenBlock {
    public final String shown;      // how the opener reads in messages: "do", "c*ksr* parallel sections"
    public final SourceLocation at;
    public final Attached attached;
    public List<Construct> body = new ArrayList<>();
    public final List<Construct.Section> sections = new ArrayList<>();
    public SourceLocation sectionAt;
    public Attached sectionAttached = Attached.NONE;
    public boolean explicitSection;

    protected OpenBlock(String shown, SourceLocation at, Attached attached) {
        this.shown = shown;
        this.at = at;
        this.attached = attached;
    }

    /**
     * Ends the section being filled, ending at {@code endLine}, if it has anything in it, was
     * opened explicitly or has annotations; the next section starts empty.
     */
    public void finishSection(int endLine) {
        if (!body.isEmpty() || explicitSection || !sectionAttached.isEmpty()) {
            sections.add(new Construct.Section(new SourceSpan(sectionAt, Math.max(sectionAt.line(), endLine)),
                    sectionAttached, body));
        }
        body = new ArrayList<>();
        sectionAttached = Attached.NONE;
        explicitSection = false;
    }
}
