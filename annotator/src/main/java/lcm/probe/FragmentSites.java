package lcm.probe;

import lcm.dag.Dag;
import lcm.dag.Node;

import java.util.Locale;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The fragments lcm's front end finds in the measured sources: their tags and source lines. */
public record FragmentSites(List<Site> sites) {

    /** One fragment: tag and the lines of its code in one file. */
    public record Site(String tag, Path file, int firstLine, int lastLine, String routine) {

        int size() {
            return lastLine - firstLine;
        }
    }

    public FragmentSites {
        sites = List.copyOf(sites);
    }

    public static FragmentSites of(Dag dag) {
        Map<String, Site> byTag = new LinkedHashMap<>();
        for (Node n : dag.fragments()) {
            byTag.putIfAbsent(n.name(), new Site(n.name(), n.span().start().file(), n.span().start().line(),
                    n.span().endLine(), n.routine() == null ? "" : n.routine()));
        }
        return new FragmentSites(new ArrayList<>(byTag.values()));
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

    /** The agent's spec lines: one {@code site TAG FILE FIRST LAST} per fragment. */
    String agentSpec() {
        StringBuilder b = new StringBuilder();
        for (Site s : sites) {
            b.append("site ").append(s.tag()).append(' ').append(s.file().getFileName()).append(' ')
                    .append(s.firstLine()).append(' ').append(s.lastLine()).append('\n');
        }
        return b.toString();
    }
}
