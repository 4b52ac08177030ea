package lcm.probe;

import lcm.expr.NumberText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
            out.add("conservation: the fragments' categories (" + num(categories) + " processor-s) and the time "
                    + "outside them (" + num(totals.outsideBusy() + totals.outsideIdle()) + ") make "
                    + NumberText.percent(sum / pt) + " of p x the run's time (" + num(pt) + "); not within 2 %: look at "
                    + "fragment " + worst);
        }
        for (FragmentTotals f : off) {
            boolean more = f.total() > f.budget();
            out.add("fragment " + f.tag() + ": its categories (" + num(f.total()) + " processor-s) are "
                    + NumberText.percent(f.total() / f.budget()) + " of what its width " + NumberText.plain(f.width())
                    + " held while it ran (" + num(f.budget()) + "): it ran on " + (more ? "more" : "fewer")
                    + " processors than composition gives it");
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
        return NumberText.fixed(v, 4);
    }
}
