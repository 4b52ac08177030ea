package lcm.campaign;

import lcm.annotation.Category;
import lcm.campaign.Campaign.Axis;
import lcm.expr.ExprPrinter;
import lcm.expr.NumberText;
import lcm.fit.CandidateForm;
import lcm.fit.CandidateTable;
import lcm.fit.ModelFitter;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which model forms a design can tell apart. The rule: k distinct values of a variable pin down
 * at most k - 1 terms in it besides the constant (k coefficients through k points leave nothing
 * to judge the fit by). A form with c coefficients in a variable of k values is therefore
 * <em>ranked</em> when c &lt; k (its residuals say how well it fits), fits every value
 * <em>exactly</em> when c = k (every such form does, so the design cannot tell them apart), and
 * cannot be fitted when c &gt; k. The forms are lcm fit's built-in candidates of every category.
 */
public final class Identifiability {

    /**
     * Fewer distinct values of p than this draw a warning: with fewer, lcm fit does not choose a
     * form from the data but takes each category's typical one.
     */
    public static final int MIN_PROCESSOR_VALUES = ModelFitter.FEWEST_TO_SELECT;

    private static final int EXAMPLES = 4;

    private Identifiability() {
    }

    /**
     * What one variable's values allow: its distinct values, and the built-in forms in it that
     * the design ranks, fits exactly, or cannot fit.
     */
    public record Statement(Axis axis, List<String> ranked, List<String> exact, List<String> unfittable) {

        public int distinct() {
            return axis.values().size();
        }

        public int maxTerms() {
            return distinct() - 1;
        }

        public String text() {
            String values = axis.values().stream().map(NumberText::plain).collect(Collectors.joining(", "));
            StringBuilder b = new StringBuilder(axis.name()).append(": ").append(distinct())
                    .append(distinct() == 1 ? " value (" : " distinct values (").append(values).append("): ");
            if (distinct() == 1) {
                return b.append("fixed, no term in ").append(axis.name()).append(" (a model cannot depend on it)").toString();
            }
            b.append("at most ").append(maxTerms()).append(maxTerms() == 1 ? " term" : " terms").append(" in ")
                    .append(axis.name()).append("; of lcm fit's built-in forms in ").append(axis.name()).append(", ");
            List<String> parts = new ArrayList<>();
            if (!ranked.isEmpty()) {
                parts.add(count(ranked) + " can be fitted and ranked" + examples(ranked));
            }
            if (!exact.isEmpty()) {
                parts.add(count(exact) + " with " + distinct() + " coefficients " + (exact.size() == 1 ? "fits" : "fit")
                        + " these values exactly and cannot be told apart" + examples(exact));
            }
            if (!unfittable.isEmpty()) {
                parts.add(count(unfittable) + " cannot be fitted" + examples(unfittable));
            }
            b.append(String.join("; ", parts));
            if (distinct() < ModelFitter.FEWEST_TO_SELECT) {
                b.append("; with fewer than ").append(ModelFitter.FEWEST_TO_SELECT).append(" values lcm fit does not choose "
                        + "a form in ").append(axis.name()).append(" from the data but takes each category's typical one");
            }
            return b.toString();
        }

        private static String count(List<String> forms) {
            return forms.size() + (forms.size() == 1 ? " form" : " forms");
        }

        private static String examples(List<String> forms) {
            List<String> shown = forms.subList(0, Math.min(EXAMPLES, forms.size()));
            return " (" + String.join(", ", shown) + (forms.size() > EXAMPLES ? ", ..." : "") + ")";
        }
    }

    /** The statement of each axis. */
    public static List<Statement> of(List<Axis> axes, CandidateTable table) {
        List<Statement> out = new ArrayList<>();
        for (Axis a : axes) {
            List<String> ranked = new ArrayList<>();
            List<String> exact = new ArrayList<>();
            List<String> unfittable = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            int k = a.values().size();
            for (Category c : Category.values()) {
                for (CandidateForm f : table.forms(c, a.name())) {
                    String text = ExprPrinter.printSpaced(f.form());
                    if (!seen.add(text)) {
                        continue;
                    }
                    int coefficients = f.coefficients().size();
                    (coefficients < k ? ranked : coefficients == k ? exact : unfittable).add(text);
                }
            }
            out.add(new Statement(a, ranked, exact, unfittable));
        }
        return out;
    }

    /** A model in all the varied variables together: one term fewer than the design has points. */
    public static String together(List<Axis> axes, int points) {
        List<String> varied = axes.stream().filter(a -> a.values().size() > 1).map(Axis::name).toList();
        if (varied.size() < 2) {
            return "";
        }
        return String.join(" and ", varied) + " together: " + NumberText.counted(points, "point") + ", so a model in "
                + (varied.size() == 2 ? "both" : "all of them") + " has at most " + NumberText.counted(points - 1, "term") + " besides the constant";
    }

    /** The warning when p has fewer than {@link #MIN_PROCESSOR_VALUES} distinct values; empty otherwise. */
    public static String processorWarning(List<Axis> axes) {
        for (Axis a : axes) {
            if (a.isProcessors() && a.values().size() < MIN_PROCESSOR_VALUES) {
                int k = a.values().size();
                String why = switch (k) {
                    case 1 -> "no model in p can be fitted";
                    case 2 -> "a form in p with a constant (k1*p + k2, k1 + k2/p, k1*log2(p) + k2, ...) fits two values "
                            + "exactly, so the runs cannot tell which form p follows";
                    default -> "a form in p with a constant (k1*p + k2, k1 + k2/p, k1*log2(p) + k2, ...) is fitted with "
                            + "one value to spare, so the forms are ranked on a single residual, which one noisy run decides";
                };
                return "p has " + k + " distinct value" + (k == 1 ? "" : "s") + ", fewer than " + MIN_PROCESSOR_VALUES
                        + ": " + why + "; " + MIN_PROCESSOR_VALUES + " or more values tell them apart. Every prediction "
                        + "at another p extrapolates from these";
            }
        }
        return "";
    }
}
