package lcm.probe;

import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.frontend.ParsedProgram;
import lcm.source.SourceLocation;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.util.Locale;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fragments lcm's front end finds in the measured sources: their tags and source lines.
 * They are the DAG's fragments (named as {@code lcm dag} names them) and the fragments nested
 * inside them, which the DAG folds into the fragment that holds them but a probe measures on
 * their own (docs/measure.md, "Nested fragments"): a {@code fragment NAME} block keeps NAME, a
 * routine with a model its name, another construct with a model {@code routine:line}.
 */
public record FragmentSites(List<Site> sites) {

    /**
     * One fragment: tag and the lines of its code in one file; {@code whole}: the fragment is its
     * routine (a routine with a model), else a statement range inside it; {@code at}: where its
     * construct starts; {@code nested}: inside another fragment (not a node of the DAG).
     */
    public record Site(String tag, Path file, int firstLine, int lastLine, String routine, boolean whole,
                       SourceLocation at, boolean nested) {

        public Site(String tag, Path file, int firstLine, int lastLine, String routine) {
            this(tag, file, firstLine, lastLine, routine, false, SourceLocation.of(file, firstLine, 1), false);
        }

        int size() {
            return lastLine - firstLine;
        }
    }

    public FragmentSites {
        sites = List.copyOf(sites);
    }

    public static FragmentSites of(ParsedProgram program) {
        Dag dag = program.dag();
        Map<String, Site> byTag = new LinkedHashMap<>();
        Map<SourceLocation, String> dagNames = new HashMap<>();
        Map<String, Routine> routines = new HashMap<>();
        for (ParsedFile f : program.files()) {
            for (Routine r : f.routines()) {
                routines.putIfAbsent(r.name(), r);
            }
        }
        for (Node n : dag.fragments()) {
            Routine r = n.routine() == null ? null : routines.get(n.routine());
            boolean whole = r != null && r.span().equals(n.span());
            dagNames.putIfAbsent(n.at(), n.name());
            byTag.putIfAbsent(n.name(), new Site(n.name(), n.span().start().file(), n.span().start().line(),
                    n.span().endLine(), n.routine() == null ? "" : n.routine(), whole, n.at(), false));
        }
        List<Site> nested = new ArrayList<>();
        for (ParsedFile f : program.files()) {
            for (Routine r : f.routines()) {
                if (r.attached().hasModel() && !dagNames.containsKey(r.span().start())) {
                    nested.add(new Site(r.name(), r.span().start().file(), r.span().start().line(), r.span().endLine(),
                            r.name(), true, r.span().start(), true));
                }
                nestedIn(r.body(), r, r.attached().hasModel(), dagNames, nested);
            }
        }
        for (Site s : nested) {
            byTag.putIfAbsent(s.tag(), s);
        }
        return new FragmentSites(new ArrayList<>(byTag.values()));
    }

    /** The fragment constructs inside other fragments (the DAG has the outer one only). */
    private static void nestedIn(List<Construct> body, Routine r, boolean inFragment, Map<SourceLocation, String> dagNames,
                                 List<Site> out) {
        for (Construct c : body) {
            boolean fragment = c.attached().hasModel() || c instanceof Construct.FragmentBlock;
            if (fragment && inFragment && !dagNames.containsKey(c.span().start())) {
                String tag = c instanceof Construct.FragmentBlock b ? b.name()
                        : c instanceof Construct.Call call ? call.callee() : r.name() + ":" + c.span().line();
                out.add(new Site(tag, c.span().start().file(), c.span().start().line(), c.span().endLine(), r.name(),
                        false, c.span().start(), true));
            }
            for (List<Construct> inner : c.bodies()) {
                nestedIn(inner, r, inFragment || fragment, dagNames, out);
            }
        }
    }

    public boolean isEmpty() {
        return sites.isEmpty();
    }

    /** The innermost fragment whose lines hold line of the file named fileName (compared by file name). */
    public Optional<Site> at(String fileName, int line) {
        Site best = null;
        for (Site s : sites) {
            if (sameFile(s.file(), fileName) && s.firstLine() <= line && line <= s.lastLine()
                    && (best == null || s.size() < best.size())) {
                best = s;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * The fragment of a code address: the innermost one holding its line; else (optimized code
     * gives the routine's first line to the call that opens a region) the first fragment of the
     * routine named by the binary's symbol (gfortran: lower case and a trailing underscore,
     * module procedures prefixed __MODULE_MOD_) that starts after that line.
     */
    public Optional<Site> at(String fileName, int line, String symbol) {
        Optional<Site> inside = at(fileName, line);
        if (inside.isPresent()) {
            return inside;
        }
        String routine = symbol.toLowerCase(Locale.ROOT).replaceFirst("^__.*_mod_", "").replaceFirst("_$", "");
        Site best = null;
        for (Site s : sites) {
            if (sameFile(s.file(), fileName) && s.routine().equalsIgnoreCase(routine) && s.firstLine() >= line
                    && (best == null || s.firstLine() < best.firstLine())) {
                best = s;
            }
        }
        return Optional.ofNullable(best);
    }

    static boolean sameFile(Path file, String name) {
        Path other = Path.of(name);
        if (other.isAbsolute() && file.toAbsolutePath().normalize().equals(other.normalize())) {
            return true;
        }
        return file.getFileName().toString().equals(other.getFileName().toString());
    }

    /**
     * The agent's spec lines: one {@code site TAG FILE FIRST LAST ROUTINE} per fragment, ROUTINE
     * the method's simple name when the fragment is the whole method, {@code -} for a statement
     * range.
     */
    String agentSpec() {
        StringBuilder b = new StringBuilder();
        for (Site s : sites) {
            b.append("site ").append(s.tag()).append(' ').append(s.file().getFileName()).append(' ')
                    .append(s.firstLine()).append(' ').append(s.lastLine()).append(' ')
                    .append(s.whole() ? simpleName(s.routine()) : "-").append('\n');
        }
        return b.toString();
    }

    /** A Java routine's method name: {@code T.Reader.run} and {@code Grid.fill(double[])} are run and fill. */
    static String simpleName(String routine) {
        String n = routine;
        int paren = n.indexOf('(');
        if (paren >= 0) {
            n = n.substring(0, paren);
        }
        int dot = n.lastIndexOf('.');
        return dot >= 0 ? n.substring(dot + 1) : n;
    }
}
