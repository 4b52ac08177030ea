package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Node;
import lcm.source.SourceRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The lines of the sources an edit removes and adds, where the edit is one of directives (KSR,
 * OpenMP, HPF) and of the loop statements they wrap: tasks to a loop removes the parallel
 * sections directives and the loop ends and starts between the tasks; tasks in sequence removes
 * the directives; serializing a loop fragment removes its tile or do directive and its end;
 * parallelizing a loop marked independent replaces the mark by the directive of the file's
 * dialect before the loop and its end after it; the edits that create tasks add parallel
 * sections directives ({@link TaskDirectives}). A Java restructuring needs new code and has none:
 * it is described, not written; so has a processor split between tasks (no directive lcm can
 * write on a section line says it). Every removed line, and every line a directive is added
 * around, is checked to be what the edit expects.
 */
final class DirectiveEdits {

    private static final String DIRECTIVE = "(?i)^\\s*(?:[c*!]\\$omp|[c*]\\*ksr\\*)\\s*";
    private static final Pattern TASKS = Pattern.compile(DIRECTIVE + "parallel\\s+sections\\b.*");
    private static final Pattern END_TASKS = Pattern.compile(DIRECTIVE + "end\\s+parallel\\s+sections\\b.*");
    private static final Pattern SECTION = Pattern.compile(DIRECTIVE + "section\\s*");
    private static final Pattern DO = Pattern.compile("(?i)^\\s+do\\b.*");
    static final Pattern END_DO = Pattern.compile("(?i)^\\s*(?:\\d+\\s+)?(?:end\\s*do|continue)\\b.*");
    static final Pattern LOOP = Pattern.compile(DIRECTIVE + "(?:tile\\b|(?:parallel\\s+)?do\\b).*");
    static final Pattern END_LOOP = Pattern.compile(DIRECTIVE + "end\\s*(?:tile\\b|(?:parallel\\s+)?do\\b).*");

    private final SourceRegistry sources;
    private final LoopDirectives added;
    private final TaskDirectives sections;

    DirectiveEdits(SourceRegistry sources) {
        this.sources = sources;
        this.added = new LoopDirectives(sources);
        this.sections = new TaskDirectives(sources);
    }

    /** The lines each file loses and gains under the variant's edits; empty where an edit is not one of lines. */
    Optional<Map<Path, LineEdits>> edits(Variant v) {
        Map<Path, LineEdits> out = new LinkedHashMap<>();
        // where two edits add lines at one place and one of them opens or closes sections, which
        // construct is inside the other is not known from the lines: no diff
        Map<Path, Set<Integer>> addedAt = new HashMap<>();
        Map<Path, Set<Integer>> sectionsAt = new HashMap<>();
        for (Edit e : v.edits()) {
            Path file = e.target().span().file();
            if (file.toString().endsWith(".java")) {
                return Optional.empty();
            }
            Optional<LineEdits> lines = switch (e.name()) {
                case TasksToLoop.NAME -> tasksToLoop(e.target()).map(LineEdits::removing);
                case TasksInSequence.NAME -> tasks(e.target()).map(LineEdits::removing);
                case SerializeLoop.NAME -> loopDirectives(e.target()).map(LineEdits::removing);
                case ParallelizeLoop.NAME -> added.parallelize(e.target());
                case FuseLoops.NAME -> added.fuse(e.target(), e.part());
                case SplitLoop.NAME -> added.split(e.target(), e.part());
                case SequenceToTasks.NAME -> SequenceToTasks.stretch(e.target(), e.part())
                        .flatMap(s -> sections.sequence(e.target(), s[0], e.part(), s[1]));
                case LoopToTasks.NAME -> sections.loop(e.target(), e.part());
                default -> Optional.empty();
            };
            if (lines.isEmpty()) {
                return Optional.empty();
            }
            boolean creates = e.name().equals(SequenceToTasks.NAME) || e.name().equals(LoopToTasks.NAME);
            Set<Integer> places = lines.get().added().keySet();
            if (!Collections.disjoint(places, creates ? addedAt.getOrDefault(file, Set.of())
                    : sectionsAt.getOrDefault(file, Set.of()))) {
                return Optional.empty();
            }
            addedAt.computeIfAbsent(file, f -> new HashSet<>()).addAll(places);
            if (creates) {
                sectionsAt.computeIfAbsent(file, f -> new HashSet<>()).addAll(places);
            }
            out.computeIfAbsent(file, f -> new LineEdits()).addAll(lines.get());
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    /** The parallel sections directives and each section's. */
    private Optional<List<Integer>> tasks(Node p) {
        List<Integer> out = new ArrayList<>();
        if (!is(p, p.span().line(), TASKS) || !is(p, p.span().endLine(), END_TASKS)) {
            return Optional.empty();
        }
        out.add(p.span().line());
        out.add(p.span().endLine());
        for (Child task : p.children()) {
            int line = task.node().span().line();
            if (is(p, line, SECTION)) {
                out.add(line);
            } else if (is(p, line - 1, SECTION)) {
                out.add(line - 1);
            }
        }
        return Optional.of(out);
    }

    /** The directives, and the loops' ends and starts between the tasks: one loop over both bodies. */
    private Optional<List<Integer>> tasksToLoop(Node p) {
        Optional<List<Integer>> directives = tasks(p);
        if (directives.isEmpty()) {
            return directives;
        }
        List<Integer> out = new ArrayList<>(directives.get());
        List<Child> tasks = p.children();
        for (int i = 0; i < tasks.size(); i++) {
            Node loop = Shapes.loopOf(tasks.get(i).node()).orElseThrow();
            if (i > 0) {
                if (!is(p, loop.span().line(), DO)) {
                    return Optional.empty();
                }
                out.add(loop.span().line());
            }
            if (i < tasks.size() - 1) {
                if (!is(p, loop.span().endLine(), END_DO)) {
                    return Optional.empty();
                }
                out.add(loop.span().endLine());
            }
        }
        return Optional.of(out);
    }

    /** A loop fragment's tile or do directive and its end, the first after the fragment's start. */
    private Optional<List<Integer>> loopDirectives(Node fragment) {
        int start = -1;
        for (int line = fragment.span().line(); line <= fragment.span().endLine() + 1; line++) {
            if (is(fragment, line, LOOP)) {
                start = line;
                break;
            }
        }
        if (start < 0) {
            return Optional.empty();
        }
        for (int line = start + 1; text(fragment, line).isPresent(); line++) {
            if (is(fragment, line, END_LOOP)) {
                return Optional.of(List.of(start, line));
            }
            if (is(fragment, line, LOOP)) {
                return Optional.empty();
            }
        }
        return Optional.of(List.of(start)); // an OpenMP do without its end directive
    }

    private boolean is(Node n, int line, Pattern p) {
        return text(n, line).map(t -> p.matcher(t).matches()).orElse(false);
    }

    private Optional<String> text(Node n, int line) {
        return line < 1 ? Optional.empty() : sources.read(n.span().file()).line(line);
    }
}
