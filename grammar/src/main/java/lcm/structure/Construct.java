package lcm.structure;

import lcm.annotation.Annotation;
import lcm.expr.Expr;
import lcm.source.SourceSpan;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The language-neutral syntax both front ends produce (Fortran and Java): just the constructs
 * the parallel-structure DAG is built from, each with its span and attached annotations.
 * {@link lcm.dag.StructureBuilder} turns routines of these into the DAG.
 */
public sealed interface Construct {

    SourceSpan span();

    Attached attached();

    /** The statement lists nested in this construct (a loop's body, each section, each branch). */
    default List<List<Construct>> bodies() {
        if (this instanceof Loop l) {
            return List.of(l.body());
        }
        if (this instanceof ParallelLoop l) {
            return List.of(l.body());
        }
        if (this instanceof Sections s) {
            return s.sections().stream().map(Section::body).toList();
        }
        if (this instanceof Region r) {
            return List.of(r.body());
        }
        if (this instanceof OneProcessor o) {
            return List.of(o.body());
        }
        if (this instanceof Conditional c) {
            return c.branches();
        }
        if (this instanceof Block b) {
            return List.of(b.body());
        }
        if (this instanceof FragmentBlock f) {
            return List.of(f.body());
        }
        return List.of();
    }

    /** An executable statement with no structure of its own: material for leaves. */
    record Simple(SourceSpan span, Attached attached) implements Construct {
    }

    /**
     * A call of a named routine with its argument texts and, where lcm can read one, each
     * argument's value as a model expression (empty for an array section, a function result,
     * a string ...): the values a call binds to the callee's dummy arguments.
     */
    record Call(SourceSpan span, Attached attached, String callee, List<String> arguments,
                List<Optional<Expr>> values) implements Construct {
        public Call {
            // names and argument texts repeat across a program: one copy each (String.intern)
            callee = callee.intern();
            arguments = arguments.stream().map(String::intern).toList();
            values = List.copyOf(values);
        }

        public Call(SourceSpan span, Attached attached, String callee, List<String> arguments) {
            this(span, attached, callee, arguments, arguments.stream().map(a -> Optional.<Expr>empty()).toList());
        }
    }

    /**
     * A serial loop. {@code trips} is the trip count when the bounds give one lcm can read
     * ({@code itors/2}); {@code boundsText} is what the source says, for messages.
     */
    record Loop(SourceSpan span, Attached attached, String variable, Optional<Expr> trips, String boundsText,
                List<Construct> body) implements Construct {
        public Loop {
            variable = variable.intern();
            body = List.copyOf(body);
        }
    }

    /**
     * A parallel loop ({@code c*ksr* tile}, {@code !$omp parallel do}, {@code !$omp do},
     * a parallel stream). {@code clauses} keeps the directive's clauses by name.
     */
    record ParallelLoop(SourceSpan span, Attached attached, String variable, Optional<Expr> trips, String boundsText,
                        String directive, Map<String, String> clauses, Optional<Expr> threads,
                        List<Construct> body) implements Construct {
        public ParallelLoop {
            clauses = Map.copyOf(clauses);
            body = List.copyOf(body);
        }
    }

    /**
     * Parallel tasks: {@code parallel sections}, OpenMP sections or tasks, threads, futures.
     * {@code threads} is the team the tasks run on when the code fixes it (a Java pool of k
     * threads), as {@code num_threads} does for a region.
     */
    record Sections(SourceSpan span, Attached attached, String directive, List<Section> sections,
                    Optional<Expr> threads) implements Construct {
        public Sections {
            directive = directive.intern();
            sections = List.copyOf(sections);
        }

        public Sections(SourceSpan span, Attached attached, String directive, List<Section> sections) {
            this(span, attached, directive, sections, Optional.empty());
        }
    }

    /** One task of a {@link Sections}; annotations before {@code c*ksr* section} attach here. */
    record Section(SourceSpan span, Attached attached, List<Construct> body) {
        public Section {
            body = List.copyOf(body);
        }
    }

    /**
     * A team region ({@code !$omp parallel}, {@code c*ksr* parallel region}): a serial node
     * over its body run by the team, of {@code threads} processors if the directive says so.
     */
    record Region(SourceSpan span, Attached attached, String directive, Optional<Expr> threads,
                  List<Construct> body) implements Construct {
        public Region {
            body = List.copyOf(body);
        }
    }

    /** Code that one processor of the team runs ({@code single}, {@code master}). */
    record OneProcessor(SourceSpan span, Attached attached, String directive, List<Construct> body)
            implements Construct {
        public OneProcessor {
            body = List.copyOf(body);
        }
    }

    /**
     * An {@code if} or {@code select case} block: each branch is a list of constructs, and the
     * {@code probability:} written for each branch (on the first line inside it, or just before the
     * {@code else} / {@code else if} / {@code case} that opens it), one entry per branch.
     */
    record Conditional(SourceSpan span, Attached attached, List<List<Construct>> branches,
                       List<Optional<Annotation.Probability>> probabilities) implements Construct {
        public Conditional {
            branches = branches.stream().map(List::copyOf).toList();
            probabilities = List.copyOf(probabilities);
            if (probabilities.size() != branches.size()) {
                throw new IllegalArgumentException(probabilities.size() + " probabilities for "
                        + branches.size() + " branches");
            }
        }

        /** A conditional whose branches carry no probability of their own. */
        public Conditional(SourceSpan span, Attached attached, List<List<Construct>> branches) {
            this(span, attached, branches, branches.stream().map(b -> Optional.<Annotation.Probability>empty()).toList());
        }
    }

    /** Any other block with a body that runs in order ({@code critical}, {@code where}, a Java block). */
    record Block(SourceSpan span, Attached attached, String kind, List<Construct> body) implements Construct {
        public Block {
            body = List.copyOf(body);
        }
    }

    /** An explicit {@code fragment NAME} ... {@code end fragment} block. */
    record FragmentBlock(SourceSpan span, Attached attached, String name, List<Construct> body) implements Construct {
        public FragmentBlock {
            body = List.copyOf(body);
        }
    }

    /** A {@code sync:} event, standing in place in the statement sequence. */
    record SyncPoint(SourceSpan span, Attached attached, Annotation.Sync sync) implements Construct {
    }

    /** A team barrier ({@code !$omp barrier}). */
    record Barrier(SourceSpan span, Attached attached) implements Construct {
    }
}
