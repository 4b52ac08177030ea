package lcm.probe;

import lcm.expr.NumberText;
import lcm.source.SourceLocation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The width each measured fragment's lines carry ({@code width=}): the processors composition
 * gives the fragment at the run's point. Composition's widths come in by tag (a fragment used at
 * several places of the program has several); a fragment nested in another (no node of the DAG)
 * gets 1 if it is serial code and none otherwise (the reader then takes its parent's).
 */
public final class SiteWidths {

    private SiteWidths() {
    }

    /**
     * {@code byTag}: composition's widths of each fragment at the point, in program order;
     * {@code serial}: whether the construct at a location is serial code. A fragment with several
     * widths carries the first, and {@code notes} says so.
     */
    public static Map<String, Double> of(FragmentSites sites, Map<String, List<Double>> byTag,
                                         Predicate<SourceLocation> serial, List<String> notes) {
        Map<String, Double> widths = new LinkedHashMap<>();
        for (FragmentSites.Site s : sites.sites()) {
            List<Double> w = byTag.get(s.tag());
            if (w != null && !w.isEmpty()) {
                widths.put(s.tag(), w.get(0));
                if (w.size() > 1) {
                    notes.add("fragment " + s.tag() + " has widths " + String.join(", ", w.stream()
                            .map(NumberText::plain).toList()) + " at different places of the program; its lines "
                            + "carry the first, " + NumberText.plain(w.get(0)));
                }
            } else if (serial.test(s.at())) {
                widths.put(s.tag(), 1.0);
            }
        }
        return widths;
    }
}
