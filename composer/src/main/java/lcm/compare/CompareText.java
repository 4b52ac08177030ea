package lcm.compare;

import lcm.expr.NumberText;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.expr.Expr;

import java.util.Locale;
import java.util.Map;

/** {@code lcm compare --format text}: the verdict first, then the models, the range, crossovers, regions, p. */
final class CompareText {

    /** More regions than this are summarized (JSON lists them all). */
    static final int REGION_LIMIT = 20;

    private final Comparison c;

    CompareText(Comparison c) {
        this.c = c;
    }

    String render() {
        StringBuilder out = new StringBuilder();
        out.append("lcm compare: ").append(String.join(" vs ", c.models().stream().map(Alternative::name).toList()))
                .append("\n\n").append(c.verdict().text()).append("\n\n");
        models(out);
        fixed(out);
        grid(out);
        crossovers(out);
        regions(out);
        categories(out);
        processors(out);
        return out.toString(); // the warnings go to stderr (lcm compare prints them once)
    }

    private String signature() {
        return "T_P(" + String.join(", ", c.domain().axes().stream().map(Axis::variable).toList()) + ")";
    }

    private void models(StringBuilder out) {
        out.append("models (T_P in seconds):\n");
        for (int m = 0; m < c.models().size(); m++) {
            Alternative a = c.models().get(m);
            out.append("  ").append(AsciiMap.letter(m)).append("  ").append(a.name()).append(a.name().equals(a.file())
                    ? "" : "  (" + a.file() + ")").append('\n');
            out.append("     ").append(signature()).append(" = ").append(c.times().get(m).text()).append('\n');
        }
        out.append('\n');
        for (Comparison.Difference d : c.differences()) {
            out.append("difference ").append(AsciiMap.letter(d.first())).append(" - ").append(AsciiMap.letter(d.second()))
                    .append(" = ").append(d.expr().text()).append('\n');
        }
    }

    private void fixed(StringBuilder out) {
        if (c.domain().fixed().isEmpty()) {
            return;
        }
        out.append("\nfixed: ");
        StringBuilder s = new StringBuilder();
        c.domain().fixed().forEach((k, v) -> s.append(s.length() == 0 ? "" : ", ").append(k).append(" = ")
                .append(NumberText.plain(v)).append(" (").append(c.domain().origins().get(k)).append(')'));
        out.append(s).append('\n');
    }

    private void grid(StringBuilder out) {
        Grid g = c.grid();
        out.append("\ngrid: ");
        for (int i = 0; i < c.domain().axes().size(); i++) {
            Axis a = c.domain().axes().get(i);
            out.append(i == 0 ? "" : " x ").append(a.variable()).append(" from ").append(NumberText.plain(a.from()))
                    .append(" to ").append(NumberText.plain(a.to())).append(" (").append(a.points()).append(a.integer() ? " integer" : "")
                    .append(" points").append(a.sampled() && a.points() <= 8 ? ": " + String.join(", ",
                            java.util.Arrays.stream(a.values()).mapToObj(NumberText::plain).toList()) : "").append(")");
        }
        out.append('\n');
        int width = Math.max(5, c.models().stream().mapToInt(m -> m.name().length()).max().orElse(5));
        out.append(String.format(Locale.ROOT, "     %-" + width + "s  %8s  %s%n", "model", "best on", "T_P on the grid (s)"));
        int[] wins = g.wins();
        for (int m = 0; m < c.models().size(); m++) {
            double[] r = g.range(m);
            out.append(String.format(Locale.ROOT, "  %c  %-" + width + "s  %8s  %s .. %s%n", AsciiMap.letter(m),
                    c.models().get(m).name(), NumberText.percent(wins[m] / (double) g.size()), NumberText.digits(r[0], 6),
                    NumberText.digits(r[1], 6)));
        }
    }

    private void crossovers(StringBuilder out) {
        String col = c.domain().column().variable();
        out.append("\ncrossovers along ").append(col);
        c.domain().row().ifPresent(r -> out.append(" at the shown values of ").append(r.variable()));
        out.append(" (bisection to 1e-6 relative or better):\n");
        for (Comparison.RowView row : c.rows()) {
            String prefix = c.domain().row().map(r -> r.variable() + " = " + NumberText.plain(row.row()) + ": ").orElse("");
            if (row.crossovers().isEmpty()) {
                out.append("  ").append(prefix).append("none\n");
            }
            for (Crossover x : row.crossovers()) {
                out.append("  ").append(prefix).append(name(x.below())).append(" -> ").append(name(x.above()))
                        .append(' ').append(x.where()).append('\n');
            }
        }
        if (c.domain().row().isPresent()) {
            out.append("  ").append(c.crossovers().size()).append(" crossover points on all grid lines (--format json lists them)\n");
        }
    }

    private void regions(StringBuilder out) {
        out.append("\nbest structure:\n");
        if (c.regions().size() <= REGION_LIMIT) {
            for (Region r : c.regions()) {
                out.append("  ").append(extent(r)).append(": ").append(name(r.model())).append('\n');
            }
        } else {
            out.append("  ").append(c.regions().size()).append(" regions (rows of the grid cut where the best model changes; "
                    + "--format json lists them)\n");
        }
        if (c.domain().row().isPresent() && c.verdict().winner().isEmpty()) {
            out.append('\n').append(AsciiMap.render(c.grid(), c.models()));
        }
    }

    static String extent(Region r) {
        StringBuilder s = new StringBuilder();
        r.extent().forEach((v, i) -> s.append(s.length() == 0 ? "" : ", ").append(v).append(" in [")
                .append(NumberText.plain(i.from())).append(", ").append(NumberText.plain(i.to())).append(']'));
        return s.toString();
    }

    private void categories(StringBuilder out) {
        out.append("\nlost cycles per category (processor-seconds; T_P = their sum / p):\n");
        int width = 0;
        for (Map<String, Double> at : c.bars()) {
            width = Math.max(width, NumberText.point(at).length());
        }
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-" + width + "s     ", "at"));
        for (Category cat : Category.values()) {
            head.append(String.format(Locale.ROOT, " %10s", cat.key()));
        }
        out.append(head).append(String.format(Locale.ROOT, " %10s%n", "T_P (s)"));
        for (Map<String, Double> at : c.bars()) {
            for (int m = 0; m < c.models().size(); m++) {
                double[] v = CategoryValues.at(c.fixed().get(m), at);
                out.append(String.format(Locale.ROOT, "  %-" + width + "s  %c  ", NumberText.point(at), AsciiMap.letter(m)));
                for (double x : v) {
                    out.append(String.format(Locale.ROOT, " %10s", NumberText.digits(x, 4)));
                }
                out.append(String.format(Locale.ROOT, " %10s%n",
                        NumberText.digits(c.fixed().get(m).timeAt(at), 5)));
            }
        }
    }

    private void processors(StringBuilder out) {
        out.append("\nprocessors:\n");
        String rowVar = c.domain().row().map(Axis::variable).orElse(null);
        for (int m = 0; m < c.models().size(); m++) {
            ProcessorAnalysis a = c.processors().get(m);
            out.append("  ").append(AsciiMap.letter(m)).append("  ").append(c.models().get(m).name()).append('\n');
            a.speedup().ifPresent(e -> line(out, "speedup T(1)/T(p)", e));
            a.efficiency().ifPresent(e -> line(out, "efficiency", e));
            if (a.derivative().isPresent()) {
                line(out, "dT/dp", a.derivative().get());
            } else if (!a.derivativeNote().isEmpty()) {
                out.append("     dT/dp: ").append(a.derivativeNote()).append('\n');
            }
            if (!a.note().isEmpty()) {
                out.append("     ").append(a.note()).append('\n');
            }
            if (a.method() != ProcessorAnalysis.Method.NONE) {
                boolean integer = c.domain().column().integer();
                out.append("     best p (").append(integer ? "integer: the least T_P among the range's values of p"
                        : a.method().description()).append("):\n");
                if (!a.stationaryPoints().isEmpty()) {
                    out.append("       dT/dp = 0 at p = ").append(String.join(", ",
                            a.stationaryPoints().stream().map(Expr::text).toList()))
                            .append(integer ? " (real root, not a processor count)" : "").append('\n');
                }
                for (BestP b : a.bestP()) {
                    out.append("       ").append(rowVar == null ? "" : rowVar + " = " + NumberText.plain(b.row()) + ": ")
                            .append("p = ").append(NumberText.digits(b.p(), 8)).append(b.stationary() ? "" : " (end of the range)")
                            .append(", T_P = ").append(NumberText.digits(b.time(), 6)).append(" s, speedup ")
                            .append(NumberText.digits(b.speedup(), 4)).append(", efficiency ")
                            .append(NumberText.percent(b.efficiency())).append('\n');
                }
            }
        }
    }

    private static void line(StringBuilder out, String label, Expr e) {
        out.append("     ").append(label).append(" = ").append(e.text()).append('\n');
    }

    private String name(int m) {
        return c.models().get(m).name();
    }
}
