package lcm.annotation;

import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.List;
import java.util.Map;

/**
 * One parsed annotation line (docs/annotations.md). Every annotation knows where it was written,
 * so that later stages can report problems at the annotation.
 */
public sealed interface Annotation {

    SourceLocation at();

    /** {@code fragment NAME}: opens an explicit fragment block. */
    record FragmentStart(SourceLocation at, String name) implements Annotation {
    }

    /** {@code end fragment [NAME]}. */
    record FragmentEnd(SourceLocation at, String name) implements Annotation {
    }

    /** {@code input: a(k), b} or {@code output: a(k)}. */
    record DataUse(SourceLocation at, Direction direction, List<DataItem> items) implements Annotation {
        public DataUse {
            items = List.copyOf(items);
        }
    }

    enum Direction { INPUT, OUTPUT }

    /** {@code model: li = ...} or {@code model: { pc = ..., li = ... }}. */
    record Model(SourceLocation at, Map<Category, Expr> categories) implements Annotation {
        public Model {
            categories = Map.copyOf(categories);
        }
    }

    /** {@code vars: p = p/T - 1, n = n}: bindings evaluated in the parent's variables. */
    record Vars(SourceLocation at, List<Binding> bindings) implements Annotation {
        public Vars {
            bindings = List.copyOf(bindings);
        }
    }

    record Binding(String name, Expr value) {
    }

    /** {@code iterations: itors/2}: trip count of the next serial loop. */
    /** {@code recursion: DEPTH}: a recursive fork/join task splits DEPTH levels deep, into 2^DEPTH leaf tasks. */
    /**
     * {@code pool: shared} or {@code pool: team} before a parallel construct: how its runtime
     * schedules it, overriding what lcm reads from the code (docs/composition.md, "Execution models").
     */
    record Pool(SourceLocation at, boolean shared) implements Annotation {
    }

    /**
     * {@code independent} before a serial loop: its iterations touch no data another iteration
     * writes, so it may run as a parallel loop (lcm explore's parallelize-loop; docs/explore.md).
     * It says what the code allows, not how it runs: the loop stays serial.
     */
    record Independent(SourceLocation at) implements Annotation {
    }

    record Recursion(SourceLocation at, Expr depth) implements Annotation {
    }

    record Iterations(SourceLocation at, Expr count) implements Annotation {
    }

    /**
     * {@code probability: 1/itors}: before an {@code if}, the probability that its first branch
     * runs (docs/composition.md, "Branches"); an {@code else} runs with 1 - P.
     */
    record Probability(SourceLocation at, Expr value) implements Annotation {
    }

    /** {@code size: a(k) = 16*n^2}: bytes of a data item (file-level). */
    record Size(SourceLocation at, DataItem item, Expr bytes) implements Annotation {
    }

    /** {@code sync: post ready(k)} / {@code sync: wait ready(k)}: an event that stands in place. */
    record Sync(SourceLocation at, SyncKind kind, String name, List<Expr> index) implements Annotation {
        public Sync {
            index = List.copyOf(index);
        }

        /** "post ready(k)". */
        public String label() {
            String idx = index.isEmpty() ? "" : "(" + String.join(",", index.stream().map(Expr::text).toList()) + ")";
            return kind.keyword() + " " + name + idx;
        }
    }

    enum SyncKind {
        POST("post"), WAIT("wait");

        private final String keyword;

        SyncKind(String keyword) {
            this.keyword = keyword;
        }

        public String keyword() {
            return keyword;
        }
    }

    /**
     * {@code contention: slowdown = 1.21, at = 1.064, pressure = 1.05}: a fragment's contention
     * parameters in Bubble-Up's terms (docs/annotations.md, docs/composition.md): its slowdown beside
     * the co-runner of pressure {@code at} (its sensitivity), and its own pressure on a neighbour.
     * {@code lcm annotate} writes it from {@code lcm measure --co-runner}'s runs; composition
     * charges rc with it where fragments run at the same time.
     *
     * @param slowdown the fragment's pc beside the co-runner over its pc alone
     * @param at       the co-runner's pressure the slowdown was taken at (above 1)
     * @param pressure what the fragment does to a neighbour: the co-runner's bandwidth alone over
     *                 its bandwidth beside the fragment (1: none)
     */
    record Contention(SourceLocation at, double slowdown, double atPressure, double pressure) implements Annotation {

        /** The key names, in the order {@code lcm annotate} writes them. */
        public static final List<String> KEYS = List.of("slowdown", "at", "pressure");
    }

    /**
     * {@code fitted-on: n = 256:2048, p = 1:4, runs = 24}: the range of every variable the
     * fragment's models were fitted on ({@code p} is the fragment's width), and how many runs
     * the fit used. {@code lcm annotate} writes it with the model lines; composition reads it to
     * say when a prediction extrapolates.
     *
     * @param ranges every {@code name = low:high} (a single value is {@code low == high}), {@code runs} included
     */
    record FittedOn(SourceLocation at, List<Range> ranges) implements Annotation {

        /** The name that counts runs rather than naming a variable. */
        public static final String RUNS = "runs";

        public FittedOn {
            ranges = List.copyOf(ranges);
        }

        /** The range of variable {@code name}, if the fit saw it. */
        public java.util.Optional<Range> range(String name) {
            return variables().stream().filter(r -> r.name().equals(name)).findFirst();
        }

        /** The ranges of the variables (all but {@code runs}). */
        public List<Range> variables() {
            return ranges.stream().filter(r -> !r.name().equals(RUNS)).toList();
        }

        /** The number of runs the fit used, if written. */
        public java.util.OptionalInt runs() {
            return ranges.stream().filter(r -> r.name().equals(RUNS)).mapToInt(r -> (int) r.low()).findFirst();
        }
    }

    /** {@code n = 256:2048}: the smallest and largest value of a variable ({@code low == high} for one value). */
    record Range(String name, double low, double high) {
    }

    /** {@code measured-in: FILE} (file-level). */
    record MeasuredIn(SourceLocation at, String path) implements Annotation {
    }

    /**
     * Structure said by annotation where the code does not say it (Java, or Fortran without
     * directives): {@code parallel sections}, {@code section}, {@code end parallel sections},
     * {@code tile(i)}, {@code end tile}.
     */
    record Structure(SourceLocation at, StructureKind kind, String variable) implements Annotation {
    }

    enum StructureKind {
        PARALLEL_SECTIONS("parallel sections"),
        SECTION("section"),
        END_PARALLEL_SECTIONS("end parallel sections"),
        TILE("tile"),
        END_TILE("end tile");

        private final String text;

        StructureKind(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** True for annotations that are file-level and attach to nothing. */
    default boolean isFileLevel() {
        return this instanceof MeasuredIn || this instanceof Size;
    }
}
