package lcm.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a measured run is checked for (docs/measure.md, "Conservation"): the categories of all
 * fragments plus the time outside them make p x the run's time within 2 %; each fragment's
 * categories fill what its width held while it ran within 2 %; and every fragment of the
 * sources ran. Each miss is a warning that names the fragment.
 */
final class RunChecks {

    static final double TOLERANCE = 0.02;

    private RunChecks() {
    }

    static List<String> warnings(List<FragmentTotals> fragments, LostCycles.Totals totals, int p, FragmentSites sites) {
        List<String> out = new ArrayList<>();
        double categories = fragments.stream().mapToDouble(FragmentTotals::total).sum();
        double pt = p * totals.time();
        double sum = categories + totals.outsideBusy() + totals.outsideIdle();
        List<FragmentTotals> off = fragments.stream()
                .filter(f -> Math.abs(f.total() - f.budget()) > TOLERANCE * f.budget() && Math.abs(f.total() - f.budget()) > 1e-3)
                .sorted(Comparator.comparingDouble((FragmentTotals f) -> -Math.abs(f.total() - f.budget())))
                .toList();
        if (pt > 0 && Math.abs(sum - pt) > TOLERANCE * pt) {
            String worst = off.isEmpty() ? fragments.stream()
                    .max(Comparator.comparingDouble(FragmentTotals::total)).map(FragmentTotals::tag).orElse("?")
                    : off.get(0).tag();
            out.add(String.format(Locale.ROOT, "conservation: the fragments' categories (%s processor-s) and the time "
                    + "outside them (%s) make %.1f %% of p x the run's time (%s); not within 2 %%: look at fragment %s",
                    num(categories), num(totals.outsideBusy() + totals.outsideIdle()), 100 * sum / pt, num(pt), worst));
        }
        for (FragmentTotals f : off) {
            boolean more = f.total() > f.budget();
            out.add(String.format(Locale.ROOT, "fragment %s: its categories (%s processor-s) are %.1f %% of what its width "
                    + "%s held while it ran (%s): it ran on %s processors than composition gives it", f.tag(),
                    num(f.total()), 100 * f.total() / f.budget(), ProbeRunFormat.number(f.width()), num(f.budget()),
                    more ? "more" : "fewer"));
        }
        Set<String> ran = fragments.stream().map(FragmentTotals::tag).collect(Collectors.toSet());
        for (FragmentSites.Site s : sites.sites()) {
            if (!ran.contains(s.tag())) {
                out.add("fragment " + s.tag() + " (" + s.file().getFileName() + ":" + s.firstLine()
                        + ") never ran in the measured region: it has no line");
            }
        }
        return out;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }
}
