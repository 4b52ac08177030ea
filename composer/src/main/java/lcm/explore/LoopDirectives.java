package lcm.explore;

import lcm.dag.Node;
import lcm.fortran.SourceForm;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The directive lines that make a serial Fortran loop marked {@code independent} a parallel
 * loop, in the file's own dialect: a KSR file ({@code c*ksr*} directives) gets {@code c*ksr*
 * tile(i)} ... {@code c*ksr* end tile}, an HPF file ({@code !hpf$}) {@code !hpf$ independent},
 * any other {@code !$omp parallel do} ... {@code !$omp end parallel do}. The {@code independent}
 * mark goes (before a parallel loop it would be an error): its line is removed, and the
 * directive goes just before the {@code do}, after the loop's other annotations, which then
 * attach to the parallel loop as they did to the serial one.
 */
final class LoopDirectives {

    private static final Pattern DO = Pattern.compile("(?i)^(\\s*)do\\b.*");
    private static final Pattern END_DO = Pattern.compile("(?i)^\\s*(?:\\d+\\s+)?(?:end\\s*do|continue)\\b.*");
    private static final Pattern ANNOTATION = Pattern.compile("(?i)^\\s*(?:[c*!]\\*lcm\\*|!lcm\\$).*");
    private static final Pattern MARK = Pattern.compile("(?i)^\\s*(?:[c*!]\\*lcm\\*|!lcm\\$)\\s*independent\\s*");
    private static final Pattern KSR = Pattern.compile("(?i)^[c*!]\\*ksr\\*.*");
    private static final Pattern HPF = Pattern.compile("(?i)^\\s*[c*!]hpf\\$.*");

    private final SourceRegistry sources;

    LoopDirectives(SourceRegistry sources) {
        this.sources = sources;
    }

    /** The edits that run {@code loop} (a serial loop, or a fragment made of one) as a parallel loop. */
    Optional<LineEdits> parallelize(Node loop) {
        SourceText text = sources.read(loop.span().file());
        int first = loop.span().line();
        int last = loop.span().endLine();
        Optional<String> start = text.line(first);
        if (start.isEmpty() || !DO.matcher(start.get()).matches() || loop.loopVariable().isEmpty()
                || !text.line(last).map(l -> END_DO.matcher(l).matches()).orElse(false)) {
            return Optional.empty();
        }
        int mark = -1;
        for (int line = first - 1; line >= 1 && text.line(line).map(l -> ANNOTATION.matcher(l).matches()).orElse(false);
             line--) {
            if (MARK.matcher(text.line(line).get()).matches()) {
                mark = line;
            }
        }
        if (mark < 0) {
            return Optional.empty();
        }
        String indent = SourceForm.of(loop.span().file()) == SourceForm.FIXED ? ""
                : DO.matcher(start.get()).replaceFirst("$1");
        LineEdits out = LineEdits.removing(List.of(mark));
        if (text.lines().stream().anyMatch(l -> KSR.matcher(l).matches())) {
            add(out, first, "c*ksr* tile(" + loop.loopVariable() + ")");
            add(out, last + 1, "c*ksr* end tile");
        } else if (text.lines().stream().anyMatch(l -> HPF.matcher(l).matches())) {
            add(out, first, indent + "!hpf$ independent");
        } else {
            add(out, first, indent + "!$omp parallel do");
            add(out, last + 1, indent + "!$omp end parallel do");
        }
        return Optional.of(out);
    }

    private static void add(LineEdits edits, int before, String line) {
        edits.added().computeIfAbsent(before, b -> new ArrayList<>()).add(line + "\n");
    }
}
