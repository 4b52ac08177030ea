package lcm.probe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What the OMPT tool's sites are (docs/measure.md, "OpenMP"): {@code S id tag TAG} a fragment of
 * the instrumented copy, {@code S 0 program -} the program outside fragments and regions, and
 * {@code S id MODULE OFFSET} the call site of a parallel region, whose source line binutils'
 * addr2line finds in the binary's debug information. Without an instrumented copy a region is
 * measured as the fragment that holds its line; with one, regions are not fragments (their work
 * is the fragment's that was open when they began).
 */
final class OpenMpSites {

    /** A region call site and where the debug information puts it. */
    record Region(int site, String module, String offset, Addr2Line.Position at) {

        String where() {
            return at == null || at.line() == 0 ? module + "+" + offset + " (no line: compile with -g)"
                    : at.file() + ":" + at.line() + (at.function().isEmpty() || at.function().equals("??") ? ""
                    : " (" + at.function() + ")");
        }
    }

    private final Map<Integer, String> tags = new HashMap<>();
    private final List<Region> regions = new ArrayList<>();

    private OpenMpSites() {
    }

    /** The tags of the sites: fragments of the instrumented copy, else (instrumented false) regions by their line. */
    static OpenMpSites of(ProbeEvents ev, FragmentSites fragments, boolean instrumented) {
        OpenMpSites out = new OpenMpSites();
        Map<String, List<String>> byModule = new LinkedHashMap<>();
        ev.sites().forEach((site, where) -> {
            if (where[0].equals("tag")) {
                out.tags.put(site, where[1]);
            } else if (!where[0].equals("program") && !where[0].equals("?")) {
                byModule.computeIfAbsent(where[0], m -> new ArrayList<>()).add(where[1]);
            }
        });
        Map<String, Addr2Line.Position> positions = new HashMap<>();
        if (!instrumented) { // an instrumented copy's regions belong to the fragments open around them
            byModule.forEach((module, offsets) -> Addr2Line.resolve(module, offsets)
                    .forEach((off, pos) -> positions.put(module + "@" + off, pos)));
        }
        new TreeMap<>(ev.sites()).forEach((site, where) -> {
            if (where[0].equals("tag") || where[0].equals("program")) {
                return;
            }
            Region r = new Region(site, where[0], where[1], positions.get(where[0] + "@" + where[1]));
            out.regions.add(r);
            if (!instrumented && r.at() != null && r.at().line() > 0) {
                fragments.at(r.at().file(), r.at().line(), r.at().function())
                        .ifPresent(s -> out.tags.put(site, s.tag()));
            }
        });
        return out;
    }

    /** The fragment tag of each site that is one. */
    Map<Integer, String> tags() {
        return Map.copyOf(tags);
    }

    /**
     * Without the instrumented copy: a warning per region the sources hold in no fragment, and
     * one naming the fragments no region measures.
     */
    List<String> warnings(ProbeEvents ev, FragmentSites fragments) {
        List<String> out = new ArrayList<>();
        Map<Integer, Integer> counts = counts(ev);
        for (Region r : regions) {
            if (!tags.containsKey(r.site()) && counts.getOrDefault(r.site(), 0) > 0) {
                out.add(r.at() == null || r.at().line() == 0
                        ? "a parallel region at " + r.where() + " has no source line (compile with -g): not measured"
                        : "the parallel region at " + r.where() + " is in no fragment of the sources: not measured");
            }
        }
        List<String> unseen = fragments.sites().stream().map(FragmentSites.Site::tag)
                .filter(Predicate.not(tags::containsValue)).toList();
        if (!unseen.isEmpty() && !tags.isEmpty()) {
            out.add("not measured: " + String.join(", ", unseen) + " (without --build lcm sees only parallel regions; "
                    + "serial code and loops inside a region are measured in an instrumented build: "
                    + "--build 'COMPILE COMMAND -o PROGRAM SOURCES')");
        }
        return out;
    }

    /**
     * Why no fragment was measured, when the run opened regions: where the debug information
     * put them (files and lines, with how often each ran), against the sources given.
     */
    String noneMeasured(ProbeEvents ev, List<Path> sources) {
        Map<Integer, Integer> counts = counts(ev);
        List<String> seen = new ArrayList<>();
        boolean inGivenFile = false;
        for (Region r : regions) {
            int n = counts.getOrDefault(r.site(), 0);
            if (n == 0) {
                continue;
            }
            seen.add(r.where() + ", " + n + (n == 1 ? " time" : " times"));
            if (r.at() != null && sources.stream().anyMatch(s -> FragmentSites.sameFile(s, r.at().file()))) {
                inGivenFile = true;
            }
        }
        if (seen.isEmpty()) {
            return "no fragment of the sources executed (the program opened no OpenMP parallel region"
                    + " and ran no fragment probe)";
        }
        String given = String.join(", ", sources.stream().map(Path::toString).distinct().toList());
        return "none of its " + seen.size() + " parallel region" + (seen.size() == 1 ? "" : "s") + " is in a fragment "
                + "of the sources given (" + given + "): the debug information puts them at " + String.join("; ", seen)
                + (inGivenFile ? "" : " (other files than the sources: give the program's own sources with --source)");
    }

    private static Map<Integer, Integer> counts(ProbeEvents ev) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (ProbeEvents.Execution e : ev.executions()) {
            counts.merge(e.site(), 1, Integer::sum);
        }
        return counts;
    }
}
