package lcm.explore;

import lcm.dag.Child;
import lcm.dag.Node;
import lcm.fortran.SourceForm;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import static lcm.explore.LoopDirectives.ANNOTATION;
import static lcm.explore.LoopDirectives.PLAIN_DO;
import static lcm.explore.LoopDirectives.add;
import static lcm.explore.LoopDirectives.matches;

/**
 * The directive lines of the edits that create tasks in a Fortran file. Sequence to tasks wraps a
 * stretch of steps in a parallel sections construct: {@code parallel sections} and {@code section}
 * before the stretch's first step, {@code section} before the first step of the second task,
 * {@code end parallel sections} after the stretch's last step. Loop to tasks does the same around
 * a loop and ends the loop before the step that starts the second part, where a {@code section}
 * and a copy of the loop's {@code do} line start the second task's loop. A step starts at its
 * first annotation line (the annotations stay with it) and ends at its last line (a call's
 * continuation lines, a loop's {@code end do}). A KSR file ({@code c*ksr*} directives) gets KSR's
 * sections, any other OpenMP's ({@code !$omp}: from column 1 in fixed form, at the first step's
 * indentation in free form); an HPF file has no tasks to write, and gets no diff. Every line a
 * directive goes around is checked to be what the edit expects; where one is not, no diff.
 */
final class TaskDirectives {

    private static final Pattern END_DO = Pattern.compile("(?i)^\\s*end\\s*do\\b.*");
    private static final Pattern INDENT = Pattern.compile("^(\\s*).*", Pattern.DOTALL);

    private final SourceRegistry sources;

    TaskDirectives(SourceRegistry sources) {
        this.sources = sources;
    }

    /** The lines that run the steps [from, m) and [m, to) of {@code serial} as two concurrent sections. */
    Optional<LineEdits> sequence(Node serial, int from, int m, int to) {
        Path file = serial.span().file();
        SourceText text = sources.read(file);
        List<Child> steps = serial.children();
        int[] first = new int[to - from];
        int last = -1;
        for (int i = from; i < to; i++) {
            Child step = steps.get(i);
            if (!step.use().at().file().equals(file)) {
                return Optional.empty();
            }
            first[i - from] = firstLine(text, step.use().at().line(), last);
            last = lastLine(text, step, file);
            if (last < 0) {
                return Optional.empty();
            }
        }
        Optional<String> prefix = prefix(text, file, first[0]);
        if (prefix.isEmpty()) {
            return Optional.empty();
        }
        LineEdits out = new LineEdits();
        add(out, first[0], prefix.get() + "parallel sections");
        add(out, first[0], prefix.get() + "section");
        add(out, first[m - from], prefix.get() + "section");
        add(out, last + 1, prefix.get() + "end parallel sections");
        return Optional.of(out);
    }

    /** The lines that run {@code loop}'s body steps [0, m) and [m, end) as two sections, each its own loop over the items. */
    Optional<LineEdits> loop(Node loop, int m) {
        Path file = loop.span().file();
        SourceText text = sources.read(file);
        int start = loop.span().line();
        int end = loop.span().endLine();
        Optional<String> doLine = text.line(start);
        if (doLine.isEmpty() || !PLAIN_DO.matcher(doLine.get()).matches() || !matches(text, end, END_DO)
                || matches(text, start - 1, ANNOTATION)) {
            return Optional.empty(); // a labelled do, a loop not written as one, or annotations that would change owner
        }
        Child second = loop.children().get(m);
        if (!second.use().at().file().equals(file)) {
            return Optional.empty();
        }
        int split = firstLine(text, second.use().at().line(), start);
        Optional<String> prefix = prefix(text, file, start);
        if (prefix.isEmpty() || split <= start || split > end) {
            return Optional.empty();
        }
        String indent = INDENT.matcher(doLine.get()).replaceFirst("$1");
        LineEdits out = new LineEdits();
        add(out, start, prefix.get() + "parallel sections");
        add(out, start, prefix.get() + "section");
        add(out, split, indent + "end do");
        add(out, split, prefix.get() + "section");
        add(out, split, doLine.get().stripTrailing());
        add(out, end + 1, prefix.get() + "end parallel sections");
        return Optional.of(out);
    }

    /** The first line of the step written at {@code at}: its annotations' first, never above {@code after}. */
    private static int firstLine(SourceText text, int at, int after) {
        int line = at;
        while (line - 1 > after && line - 1 >= 1 && matches(text, line - 1, ANNOTATION)) {
            line--;
        }
        return line;
    }

    /** The step's last line: a construct's end, or the statement's last continuation line; -1 where unknown. */
    private static int lastLine(SourceText text, Child step, Path file) {
        int at = step.use().at().line();
        Node n = step.node();
        if (n.span().file().equals(file) && n.span().line() <= at && at <= n.span().endLine()) {
            return n.span().endLine();
        }
        int line = at;
        boolean fixed = SourceForm.of(file) == SourceForm.FIXED;
        while (text.line(line + 1).isPresent() && continues(text, line, fixed)) {
            line++;
        }
        return text.line(line).isPresent() ? line : -1;
    }

    /** Whether the statement on {@code line} goes on on the next line. */
    private static boolean continues(SourceText text, int line, boolean fixed) {
        if (!fixed) {
            return text.line(line).get().stripTrailing().endsWith("&");
        }
        String next = text.line(line + 1).get();
        return next.length() > 5 && "cC*!".indexOf(next.charAt(0)) < 0 && next.charAt(5) != ' ' && next.charAt(5) != '0'
                && next.substring(0, 5).isBlank();
    }

    /** The sentinel (and indentation) of the file's dialect; empty for HPF, which has no tasks. */
    private static Optional<String> prefix(SourceText text, Path file, int firstLine) {
        LoopDirectives.Dialect dialect = LoopDirectives.Dialect.of(text);
        if (dialect == LoopDirectives.Dialect.KSR) {
            return Optional.of("c*ksr* ");
        }
        if (dialect == LoopDirectives.Dialect.HPF) {
            return Optional.empty();
        }
        if (SourceForm.of(file) == SourceForm.FIXED) {
            return Optional.of("!$omp ");
        }
        return Optional.of(INDENT.matcher(text.line(firstLine).orElse("")).replaceFirst("$1") + "!$omp ");
    }
}
