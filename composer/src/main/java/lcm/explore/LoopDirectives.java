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
 * The directive and loop lines the loop edits of a Fortran file add and remove. Fusing two
 * parallel loops removes the first's {@code end do} (and end directive) and the second's
 * directive and {@code do}, keeping the annotations between them, which then attach to the
 * second body's first step; splitting one adds them before a step of the body (and before the
 * annotations of that step), copies of the loop's own directive and {@code do} lines.
 * Parallelizing a serial loop marked {@code independent} adds the directive of the file's own
 * dialect: a KSR file ({@code c*ksr*} directives) gets {@code c*ksr*
 * tile(i)} ... {@code c*ksr* end tile}, an HPF file ({@code !hpf$}) {@code !hpf$ independent},
 * any other {@code !$omp parallel do} ... {@code !$omp end parallel do}. The {@code independent}
 * mark goes (before a parallel loop it would be an error): its line is removed, and the
 * directive goes just before the {@code do}, after the loop's other annotations, which then
 * attach to the parallel loop as they did to the serial one.
 */
final class LoopDirectives {

    private static final Pattern DO = Pattern.compile("(?i)^(\\s*)do\\b.*");
    static final Pattern ANNOTATION = Pattern.compile("(?i)^\\s*(?:[c*!]\\*lcm\\*|!lcm\\$).*");
    private static final Pattern MARK = Pattern.compile("(?i)^\\s*(?:[c*!]\\*lcm\\*|!lcm\\$)\\s*independent\\s*");
    static final Pattern PLAIN_DO = Pattern.compile("(?i)^(\\s*)do\\s+[a-z]\\w*\\s*=.*");
    private static final Pattern KSR_LINE = Pattern.compile("(?i)^[c*!]\\*ksr\\*.*");
    private static final Pattern HPF_LINE = Pattern.compile("(?i)^\\s*[c*!]hpf\\$.*");

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
                || !text.line(last).map(l -> DirectiveEdits.END_DO.matcher(l).matches()).orElse(false)) {
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
        Dialect dialect = Dialect.of(text);
        if (dialect == Dialect.KSR) {
            add(out, first, "c*ksr* tile(" + loop.loopVariable() + ")");
            add(out, last + 1, "c*ksr* end tile");
        } else if (dialect == Dialect.HPF) {
            add(out, first, indent + "!hpf$ independent");
        } else {
            add(out, first, indent + "!$omp parallel do");
            add(out, last + 1, indent + "!$omp end parallel do");
        }
        return Optional.of(out);
    }

    /** The directives a file is written with: KSR's where it has any, else HPF's, else OpenMP's. */
    enum Dialect {
        KSR, HPF, OPENMP;

        static Dialect of(SourceText text) {
            if (text.lines().stream().anyMatch(l -> KSR_LINE.matcher(l).matches())) {
                return KSR;
            }
            return text.lines().stream().anyMatch(l -> HPF_LINE.matcher(l).matches()) ? HPF : OPENMP;
        }
    }

    static void add(LineEdits edits, int before, String line) {
        edits.added().computeIfAbsent(before, b -> new ArrayList<>()).add(line + "\n");
    }

    /** The lines that make the parallel loops {@code serial}'s children {@code second - 1} and {@code second} one. */
    Optional<LineEdits> fuse(Node serial, int second) {
        Node first = serial.children().get(second - 1).node();
        Node next = serial.children().get(second).node();
        SourceText text = sources.read(next.span().file());
        int directive = next.span().line();
        if (!matches(text, directive, DirectiveEdits.LOOP) || !matches(text, directive + 1, DO)) {
            return Optional.empty();
        }
        List<Integer> removed = new ArrayList<>(List.of(directive, directive + 1));
        int line = directive - 1;
        while (line > first.span().line() && matches(text, line, ANNOTATION)) {
            line--;
        }
        if (matches(text, line, DirectiveEdits.END_LOOP)) {
            removed.add(line--);
        }
        if (line <= first.span().line() || !matches(text, line, DirectiveEdits.END_DO)) {
            return Optional.empty();
        }
        removed.add(line);
        return Optional.of(LineEdits.removing(removed));
    }

    /** The lines that end the parallel loop {@code loop} before step {@code part} of its body and start it again. */
    Optional<LineEdits> split(Node loop, int part) {
        SourceText text = sources.read(loop.span().file());
        int directive = loop.span().line();
        Optional<String> start = text.line(directive + 1);
        if (!matches(text, directive, DirectiveEdits.LOOP) || start.isEmpty() || !PLAIN_DO.matcher(start.get()).matches()) {
            return Optional.empty();
        }
        int before = loop.children().get(part).use().at().line();
        while (before - 1 > directive + 1 && matches(text, before - 1, ANNOTATION)) {
            before--;
        }
        String indent = PLAIN_DO.matcher(start.get()).replaceFirst("$1");
        String open = text.line(directive).get();
        boolean ksr = open.toLowerCase(java.util.Locale.ROOT).contains("*ksr*");
        String sentinel = SourceForm.of(loop.span().file()) == SourceForm.FIXED ? "" : indent;
        LineEdits out = new LineEdits();
        add(out, before, indent + "end do");
        add(out, before, ksr ? "c*ksr* end tile" : sentinel + "!$omp end parallel do");
        add(out, before, open);
        add(out, before, start.get());
        return Optional.of(out);
    }

    static boolean matches(SourceText text, int line, Pattern p) {
        return text.line(line).map(l -> p.matcher(l).matches()).orElse(false);
    }
}
