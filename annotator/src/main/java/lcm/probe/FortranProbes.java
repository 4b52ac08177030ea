package lcm.probe;

import lcm.fortran.FortranStatements;
import lcm.fortran.FortranStatements.Kind;
import lcm.fortran.FortranStatements.Statement;
import lcm.fortran.SourceForm;
import lcm.source.SourceText;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the fragment probes into a copy of one Fortran file (docs/measure.md, "OpenMP"):
 * {@code call lcm_probe_begin(ID)} where a fragment starts and {@code call lcm_probe_end(ID)}
 * where it ends and before every statement that leaves it: {@code return}, {@code stop}, a
 * {@code go to} a label outside it, an {@code exit} or {@code cycle} of a loop around it, also as
 * the statement of a logical {@code if} (then the call is guarded by the same condition). The
 * end call closes the fragment and every fragment opened inside it, so one call before a jump is
 * enough. Lines are inserted, none is changed but for a label moved onto the inserted call, so
 * that a jump to the labelled statement runs the probe too. Jumps lcm cannot follow (computed and
 * assigned {@code go to}, arithmetic {@code if}) and jumps into the middle of a fragment are warnings.
 */
final class FortranProbes {

    /** Where a fragment's probes go. */
    enum Placement {
        /** around its lines: begin before the first statement, end after the last (after an {@code !$omp end do}) */
        AROUND,
        /** inside an opening and closing directive ({@code single}, {@code master}, {@code section}, {@code task}) */
        INSIDE,
        /** a whole routine: begin before its first executable statement, end before its end (or contains) */
        ROUTINE
    }

    /** One fragment: the id its probes pass, its name for messages, its lines (the DAG node's span). */
    record Probe(int id, String tag, Placement placement, int firstLine, int lastLine) {
    }

    /** The instrumented text and what could not be instrumented exactly. */
    record Result(String text, List<String> warnings) {
    }

    private static final Pattern DO_NAME = Pattern.compile("^\\s*([a-z_]\\w*)\\s*:\\s*do\\b.*$");
    private static final Pattern END_LOOP_DIRECTIVE = Pattern.compile("^\\s*end\\s*(parallel\\s*)?do\\b.*$");
    private static final Pattern LOOP_DIRECTIVE = Pattern.compile("^\\s*(parallel\\s*)?do\\b.*$");

    private final SourceText source;
    private final SourceForm form;
    private final List<Statement> stmts;
    private final List<String> warnings = new ArrayList<>();
    /** per statement: the index of the unit (program, subroutine, ...) it is in, -1 outside */
    private final int[] unitOf;
    private final List<Unit> units = new ArrayList<>();
    private final List<Loop> loops = new ArrayList<>();
    private final Set<String> doTerminals = new HashSet<>(); // unit index + ":" + label
    private final FortranJumps jumps;

    private record Unit(int start, int end, int contains) {
    }

    /** A DO loop: its DO statement, its last statement (END DO or the labelled terminal), its construct name. */
    record Loop(int start, int end, String name) {
    }

    /** A fragment's statements, and where its probes go. */
    private record Range(Probe probe, int first, int last) {
        boolean contains(int i) {
            return first <= i && i <= last;
        }

        int size() {
            return last - first;
        }
    }

    private enum Where { BEFORE, AFTER }

    /**
     * A line to insert before or after a statement. At one place they go in the order of rank:
     * ends (inner fragments first), then begins (outer fragments first), then the end before a jump.
     */
    private record Insert(int statement, Where where, int rank, String code) {

        static Insert end(int statement, Where where, int size, int id) {
            return new Insert(statement, where, size, call("end", id));
        }

        static Insert begin(int statement, Where where, int size, int id) {
            return new Insert(statement, where, 2 * LIMIT - size, call("begin", id));
        }

        static Insert beforeJump(int statement, String code) {
            return new Insert(statement, Where.BEFORE, 3 * LIMIT, code);
        }
    }

    private static final int LIMIT = 1 << 28;

    private FortranProbes(SourceText source, SourceForm form) {
        this.source = source;
        this.form = form;
        this.stmts = FortranStatements.of(source, form);
        this.unitOf = new int[stmts.size()];
        structure();
        this.jumps = new FortranJumps(stmts, unitOf, loops);
    }

    /** The file with the probes of {@code probes} written in. */
    static Result instrument(SourceText source, SourceForm form, List<Probe> probes) {
        FortranProbes p = new FortranProbes(source, form);
        return new Result(p.write(probes), List.copyOf(p.warnings));
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT).strip();
    }

    /** Units, loops and DO terminals. */
    private void structure() {
        Deque<Integer> open = new ArrayDeque<>();
        Map<Integer, Integer> containsOf = new HashMap<>();
        java.util.Arrays.fill(unitOf, -1);
        List<int[]> unitSpans = new ArrayList<>();
        for (int i = 0; i < stmts.size(); i++) {
            Statement s = stmts.get(i);
            if (s.kind() == Kind.UNIT) {
                open.push(i);
            }
            if (s.kind() == Kind.CONTAINS && !open.isEmpty()) {
                containsOf.putIfAbsent(open.peek(), i);
            }
            if (s.kind() == Kind.END_UNIT && !open.isEmpty()) {
                int start = open.pop();
                unitSpans.add(new int[] {start, i});
            }
        }
        unitSpans.sort(Comparator.comparingInt(a -> a[0]));
        for (int[] u : unitSpans) {
            units.add(new Unit(u[0], u[1], containsOf.getOrDefault(u[0], -1)));
        }
        // innermost unit of each statement: later (inner) units overwrite
        for (int k = 0; k < units.size(); k++) {
            Unit u = units.get(k);
            for (int i = u.start(); i <= u.end(); i++) {
                unitOf[i] = k;
            }
        }
        // loops: block DO ... END DO by a stack; labelled DO to the statement with its label
        Deque<Integer> blocks = new ArrayDeque<>();
        List<int[]> labelled = new ArrayList<>(); // {do index, unit}
        Map<Integer, String> labels = new HashMap<>();
        for (int i = 0; i < stmts.size(); i++) {
            Statement s = stmts.get(i);
            if (!s.label().isEmpty()) {
                boolean terminal = false;
                for (int k = labelled.size() - 1; k >= 0; k--) {
                    int d = labelled.get(k)[0];
                    if (stmts.get(d).doLabel().equals(s.label()) && unitOf[d] == unitOf[i]) {
                        loops.add(new Loop(d, i, labels.getOrDefault(d, "")));
                        labelled.remove(k);
                        terminal = true;
                    }
                }
                if (terminal) {
                    doTerminals.add(unitOf[i] + ":" + s.label());
                    continue;
                }
            }
            if (s.kind() == Kind.DO) {
                Matcher m = DO_NAME.matcher(lower(s.text()));
                labels.put(i, m.matches() ? m.group(1) : "");
                if (s.doLabel().isEmpty()) {
                    blocks.push(i);
                } else {
                    labelled.add(new int[] {i, unitOf[i]});
                }
            } else if (s.kind() == Kind.END_DO && !blocks.isEmpty()) {
                int d = blocks.pop();
                loops.add(new Loop(d, i, labels.getOrDefault(d, "")));
            }
        }
    }

    /** The statement holding physical line {@code line}, or the first one after it. */
    private int statementAt(int line) {
        for (int i = 0; i < stmts.size(); i++) {
            if (stmts.get(i).lastLine() >= line) {
                return i;
            }
        }
        return stmts.size() - 1;
    }

    /** The last statement that starts at or before physical line {@code line}. */
    private int statementEndingAt(int line) {
        int found = 0;
        for (int i = 0; i < stmts.size(); i++) {
            if (stmts.get(i).firstLine() <= line) {
                found = i;
            }
        }
        return found;
    }

    private boolean isOmp(int i, Pattern p) {
        Statement s = stmts.get(i);
        return s.kind() == Kind.DIRECTIVE && s.omp() && p.matcher(lower(s.text())).matches();
    }

    private String write(List<Probe> probes) {
        List<Insert> inserts = new ArrayList<>();
        List<Range> ranges = new ArrayList<>();
        for (Probe p : probes) {
            Range r = place(p, inserts);
            if (r != null) {
                ranges.add(r);
            }
        }
        exits(ranges, inserts);
        return emit(inserts);
    }

    private static String call(String what, int id) {
        return "call lcm_probe_" + what + "(" + id + ")";
    }

    /** The probes of one fragment: where they go, and the statements they hold. */
    private Range place(Probe p, List<Insert> inserts) {
        if (stmts.isEmpty()) {
            return null;
        }
        int first = statementAt(p.firstLine());
        int last = Math.max(first, statementEndingAt(p.lastLine()));
        int size = last - first;
        switch (p.placement()) {
            case ROUTINE -> {
                int u = unitOf[first];
                if (u < 0) {
                    warnings.add(p.tag() + ": no program unit at line " + p.firstLine() + "; not measured");
                    return null;
                }
                Unit unit = units.get(u);
                int end = unit.contains() >= 0 ? unit.contains() : unit.end();
                int start = unit.start() + 1;
                while (start < end && !executable(start)) {
                    start++;
                }
                inserts.add(Insert.begin(start, Where.BEFORE, end - start, p.id()));
                inserts.add(Insert.end(end, Where.BEFORE, end - start, p.id()));
                return new Range(p, start, end - 1);
            }
            case INSIDE -> {
                int lastInside = last;
                if (last > first && stmts.get(last).kind() == Kind.DIRECTIVE && stmts.get(last).omp()
                        && lower(stmts.get(last).text()).startsWith("end")) {
                    inserts.add(Insert.end(last, Where.BEFORE, size, p.id()));
                    lastInside = last - 1;
                } else {
                    inserts.add(Insert.end(last, Where.AFTER, size, p.id()));
                }
                inserts.add(Insert.begin(first, Where.AFTER, size, p.id()));
                return new Range(p, first + 1, Math.max(first + 1, lastInside));
            }
            default -> {
                if (isOmp(first, LOOP_DIRECTIVE) && last + 1 < stmts.size() && isOmp(last + 1, END_LOOP_DIRECTIVE)) {
                    last++; // the loop's closing directive (and its barrier) belongs to it
                    size++;
                }
                Statement end = stmts.get(last);
                int lastStatement = last;
                boolean enclosingTerminal = !end.label().isEmpty() && doTerminals.contains(unitOf[last] + ":" + end.label())
                        && loops.stream().anyMatch(l -> l.end() == lastStatement && l.start() < first);
                inserts.add(Insert.begin(first, Where.BEFORE, size, p.id()));
                if (enclosingTerminal && last > first) {
                    // the last statement ends a labelled DO loop around the fragment: after it is after that loop
                    inserts.add(Insert.end(last, Where.BEFORE, size, p.id()));
                    if (end.kind() != Kind.CONTINUE) {
                        warnings.add(p.tag() + ": its last statement (line " + end.firstLine() + ") ends a labelled DO "
                                + "loop around it; that statement is measured outside the fragment");
                    }
                    return new Range(p, first, last - 1);
                }
                inserts.add(Insert.end(last, Where.AFTER, size, p.id()));
                return new Range(p, first, last);
            }
        }
    }

    /** Whether statement i is executable (where a routine's probe can begin). */
    private boolean executable(int i) {
        Statement s = stmts.get(i);
        return switch (s.kind()) {
            case SPECIFICATION, ANNOTATION, UNIT -> false;
            case DIRECTIVE -> !s.omp() || !lower(s.text()).matches("^(threadprivate|declare|requires).*");
            default -> true;
        };
    }

    /** End calls before the statements that leave fragments; warnings for jumps lcm cannot follow. */
    private void exits(List<Range> ranges, List<Insert> inserts) {
        if (ranges.isEmpty()) {
            return;
        }
        for (int i = 0; i < stmts.size(); i++) {
            final int at = i;
            if (ranges.stream().noneMatch(r -> r.contains(at)) && !jumpsInto(i, ranges)) {
                continue;
            }
            FortranJumps.Jump j = jumps.jump(i);
            if (j == null) {
                continue;
            }
            List<Range> left = new ArrayList<>();
            for (Range r : ranges) {
                if (!r.contains(i)) {
                    // a jump into a fragment past its start: its executions entered there are not measured
                    for (int t : j.targets()) {
                        if (r.contains(t) && t > r.first()) {
                            warnings.add(r.probe().tag() + ": the " + j.what() + " at line " + stmts.get(i).firstLine()
                                    + " jumps into it at line " + stmts.get(t).firstLine() + "; executions entered "
                                    + "there are not measured");
                        }
                    }
                    continue;
                }
                if (j.leavesAll() || j.targets().stream().anyMatch(t -> !r.contains(t))) {
                    left.add(r);
                }
            }
            if (left.isEmpty()) {
                continue;
            }
            if (j.what().startsWith("computed") || j.what().startsWith("assigned") || j.what().startsWith("arithmetic")) {
                for (Range r : left) {
                    warnings.add(r.probe().tag() + ": the " + j.what() + " at line " + stmts.get(i).firstLine()
                            + " may leave it, and lcm cannot tell where it goes; the fragment then ends at its next "
                            + "end or when its routine or region does");
                }
                continue;
            }
            Range outer = left.stream().max(Comparator.comparingInt(Range::size)).orElseThrow();
            String end = call("end", outer.probe().id());
            inserts.add(Insert.beforeJump(i, j.condition() == null ? end : "if (" + j.condition() + ") " + end));
        }
    }

    private boolean jumpsInto(int i, List<Range> ranges) {
        FortranJumps.Jump j = jumps.jump(i);
        return j != null && j.targets().stream().anyMatch(t -> ranges.stream().anyMatch(r -> r.contains(t)));
    }

    /** The file's lines with the inserts; a statement's label moves to the first line put before it. */
    private String emit(List<Insert> inserts) {
        Map<Integer, List<Insert>> before = new HashMap<>();
        Map<Integer, List<Insert>> after = new HashMap<>();
        for (Insert in : inserts) {
            (in.where() == Where.BEFORE ? before : after).computeIfAbsent(in.statement(), k -> new ArrayList<>()).add(in);
        }
        Map<Integer, List<String>> linesBefore = new HashMap<>();
        Map<Integer, List<String>> linesAfter = new HashMap<>();
        Map<Integer, Integer> unlabel = new HashMap<>(); // physical line -> statement whose label moved
        for (Map.Entry<Integer, List<Insert>> e : before.entrySet()) {
            Statement s = stmts.get(e.getKey());
            List<Insert> at = e.getValue();
            at.sort(Comparator.comparingInt(Insert::rank));
            String label = s.label();
            boolean move = !label.isEmpty() && !doTerminals.contains(unitOf[e.getKey()] + ":" + label);
            List<String> out = new ArrayList<>();
            for (int k = 0; k < at.size(); k++) {
                out.addAll(format(at.get(k).code(), k == 0 && move ? label : "", s.firstLine()));
            }
            if (move) {
                unlabel.put(s.firstLine(), e.getKey());
            }
            linesBefore.computeIfAbsent(s.firstLine(), k -> new ArrayList<>()).addAll(out);
        }
        for (Map.Entry<Integer, List<Insert>> e : after.entrySet()) {
            Statement s = stmts.get(e.getKey());
            List<Insert> at = e.getValue();
            at.sort(Comparator.comparingInt(Insert::rank));
            for (Insert in : at) {
                linesAfter.computeIfAbsent(s.lastLine(), k -> new ArrayList<>()).addAll(format(in.code(), "", s.firstLine()));
            }
        }
        String eol = source.text().contains("\r\n") ? "\r\n" : "\n";
        List<String> lines = source.lines();
        StringBuilder b = new StringBuilder(source.text().length() + 64 * inserts.size());
        for (int n = 1; n <= lines.size(); n++) {
            for (String l : linesBefore.getOrDefault(n, List.of())) {
                b.append(l).append(eol);
            }
            String line = lines.get(n - 1);
            if (unlabel.containsKey(n)) {
                line = withoutLabel(line, stmts.get(unlabel.get(n)).label());
            }
            b.append(line).append(eol);
            for (String l : linesAfter.getOrDefault(n, List.of())) {
                b.append(l).append(eol);
            }
        }
        if (!source.text().endsWith("\n") && b.length() >= eol.length()) {
            b.setLength(b.length() - eol.length());
        }
        return b.toString();
    }

    /** The line with its statement label blanked (columns keep their places). */
    private String withoutLabel(String line, String label) {
        int at = line.indexOf(label);
        if (at < 0) {
            return line;
        }
        return line.substring(0, at) + " ".repeat(label.length()) + line.substring(at + label.length());
    }

    /** An inserted statement as source lines, with continuation lines where it is long. */
    private List<String> format(String code, String label, int nearLine) {
        List<String> out = new ArrayList<>();
        if (form == SourceForm.FIXED) {
            int width = 66; // columns 7 to 72
            String head = String.format(Locale.ROOT, "%5s ", label);
            for (int k = 0; k < code.length(); k += width) {
                String piece = code.substring(k, Math.min(code.length(), k + width));
                out.add((k == 0 ? head : "     &") + piece);
            }
            return out;
        }
        String line = nearLine >= 1 && nearLine <= source.lines().size() ? source.lines().get(nearLine - 1) : "";
        String indent = line.substring(0, line.length() - line.stripLeading().length()).replaceAll("[^ \\t]", " ");
        String text = (label.isEmpty() ? "" : label + " ") + code;
        int width = 100;
        for (int k = 0; k < text.length(); k += width) {
            String piece = text.substring(k, Math.min(text.length(), k + width));
            boolean more = k + width < text.length();
            out.add((k == 0 ? indent : indent + "&") + piece + (more ? "&" : ""));
        }
        return out;
    }
}
