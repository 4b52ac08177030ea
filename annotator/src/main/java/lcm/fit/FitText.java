package lcm.fit;

import lcm.expr.ExprPrinter;
import lcm.expr.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code lcm fit}'s text output, in the style of the thesis' lca (Fig. 5.2): a header naming
 * the data, variable, category and constraints, then one line per candidate, best first, with
 * each coefficient as {@code (value +/- 90 % half-width)} and R², adjusted R² and the relative
 * leave-one-point-out error (the ranking's measure); a note under any coefficient whose interval
 * contains zero; the notes, each naming the quantity.
 */
public final class FitText {

    private FitText() {
    }

    /** lca's display: coefficients as {@code (value +/- ci90)}, operators spaced. */
    public static String display(Fit fit) {
        if (!fit.ok()) {
            return ExprPrinter.print(fit.candidate().form(), ExprPrinter.Style.LCA);
        }
        Map<String, String> shown = fit.coefficients().stream().collect(Collectors.toMap(Coefficient::name,
                c -> "(" + NumberText.digits(c.value(), 4) + " +/- " + NumberText.digits(c.ci90(), 3) + ")"));
        return ExprPrinter.print(fit.candidate().form(), ExprPrinter.Style.LCA, shown);
    }

    /**
     * @param dataFile    the data file as the user named it
     * @param constraints the extraction, "none" if there is none
     * @param version     lcm's version for the header line
     */
    public static String render(FitResult r, String dataFile, String constraints, String version) {
        StringBuilder out = new StringBuilder();
        out.append("lcm fit ").append(version).append(" (lca)\n");
        out.append("Datafile: ").append(dataFile).append(", Variable: ").append(String.join(" ", r.variables()))
                .append(", Category: ").append(r.quantity()).append(", Constraints: ").append(constraints).append('\n');
        Series s = r.series();
        out.append("Observations: ").append(NumberText.counted(s.runs(), "run")).append(" at ")
                .append(s.points()).append(" point").append(s.points() == 1 ? "" : "s");
        for (int v = 0; v < r.variables().size(); v++) {
            double[] d = s.distinct(v);
            out.append(v == 0 ? " (" : ", ").append(r.variables().get(v)).append(" = ")
                    .append(NumberText.digits(d[0], 6));
            if (d.length > 1) {
                out.append(" .. ").append(NumberText.digits(d[d.length - 1], 6));
            }
        }
        out.append(')');
        if (s.executions() != s.runs()) {
            out.append(", ").append(NumberText.count(s.executions())).append(" executions");
        }
        out.append('\n');
        spread(s, r.variables(), out);
        if (!r.projections().isEmpty()) {
            out.append("Projections (each variable's best form over the lines along it):\n");
            for (Projection p : r.projections()) {
                out.append("  ").append(p.variable()).append(": ").append(ExprPrinter.print(p.form().form(), ExprPrinter.Style.LCA));
                out.append(p.lines() == 0 ? "   (all measurements" : "   (" + p.lines() + " line" + (p.lines() == 1 ? "" : "s"));
                out.append(", relative CV error ").append(NumberText.digits(p.relativeError(), 3)).append(")\n");
            }
        }
        List<String> shown = new ArrayList<>();
        int width = 40;
        for (Fit f : r.fits()) {
            String d = FitText.display(f);
            shown.add(d);
            width = Math.max(width, Math.min(d.length() + 4, 110));
        }
        for (int i = 0; i < r.fits().size(); i++) {
            Fit f = r.fits().get(i);
            String d = shown.get(i);
            out.append(d);
            out.append(" ".repeat(Math.max(2, width - d.length())));
            if (!f.ok()) {
                out.append("not fitted: ").append(f.problem().get()).append('\n');
                continue;
            }
            out.append("R2 : ").append(NumberText.fixed(f.r2(), 4)).append("   adj R2 : ")
                    .append(Double.isNaN(f.adjR2()) ? "n/a   " : NumberText.fixed(f.adjR2(), 4))
                    .append("   CV : ").append(percent(f.cvRelative()));
            if (f.candidate().origin() != CandidateForm.Origin.DEFAULT && f.candidate().origin() != CandidateForm.Origin.COMBINED) {
                out.append("   [").append(f.candidate().origin().label()).append(']');
            }
            if (i == r.selected()) {
                out.append("   <- selected");
            }
            out.append('\n');
            for (Coefficient c : f.uncertain()) {
                out.append("    note: the 90 % interval of ").append(c.name()).append(" contains 0: its term is not "
                        + "distinguishable from none\n");
            }
        }
        for (String n : r.notes()) {
            out.append("note: ").append(r.quantity()).append(": ").append(n).append('\n');
        }
        return out.toString();
    }

    /**
     * The relative leave-one-point-out error, the measure the ranking uses (so the column shown
     * is the one that ranks): {@code 1.23 %}.
     */
    static String percent(double relative) {
        if (!Double.isFinite(relative)) {
            return "n/a";
        }
        return NumberText.digits(relative * 100, 3) + " %";
    }

    /** The spread of repeated measurements per point, when there are any. */
    private static void spread(Series s, List<String> variables, StringBuilder out) {
        if (!s.hasRepetitions()) {
            return;
        }
        out.append("Runs per point (point: runs, centre, min .. max, relative range):\n");
        for (int i = 0; i < s.points(); i++) {
            StringBuilder at = new StringBuilder();
            for (int v = 0; v < variables.size(); v++) {
                at.append(v == 0 ? "" : ", ").append(variables.get(v)).append('=').append(NumberText.digits(s.pointX(i)[v], 6));
            }
            double mean = s.centre(i);
            double range = mean == 0 ? Double.NaN : (s.max(i) - s.min(i)) / Math.abs(mean);
            out.append(String.format(Locale.ROOT, "  %-24s %3d x  %-12s %s .. %s  %s%n", at, s.reps(i),
                    NumberText.digits(mean, 5), NumberText.digits(s.min(i), 5), NumberText.digits(s.max(i), 5),
                    Double.isNaN(range) ? "n/a" : NumberText.percent(range)));
        }
    }
}
