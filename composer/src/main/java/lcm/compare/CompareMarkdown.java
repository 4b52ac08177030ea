package lcm.compare;

import lcm.expr.NumberText;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.expr.Expr;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** {@code lcm compare --format markdown} and the {@code compare.md} of a report folder. */
public final class CompareMarkdown {

    private final Comparison c;

    CompareMarkdown(Comparison c) {
        this.c = c;
    }

    String render(List<Path> plots) {
        StringBuilder out = new StringBuilder();
        out.append("# lcm compare: ").append(String.join(" vs ", c.models().stream().map(Alternative::name).toList()))
                .append("\n\n**Verdict.** ").append(c.verdict().text()).append("\n\n");
        models(out);
        range(out);
        crossovers(out);
        regions(out);
        categories(out);
        processors(out);
        if (!plots.isEmpty()) {
            out.append("## Plots\n\n");
            for (Path p : plots) {
                String name = p.getFileName().toString();
                out.append("![").append(name).append("](").append(p.toString().replace('\\', '/')).append(")\n\n");
            }
        }
        if (!c.warnings().isEmpty()) {
            out.append("## Warnings\n\n");
            c.warnings().forEach(w -> out.append("- ").append(w).append('\n'));
            out.append('\n');
        }
        return out.toString();
    }

    private void models(StringBuilder out) {
        String sig = "T_P(" + String.join(", ", c.domain().axes().stream().map(Axis::variable).toList()) + ")";
        out.append("## Models\n\n| | model | from | ").append(sig).append(" (seconds) |\n|---|---|---|---|\n");
        for (int m = 0; m < c.models().size(); m++) {
            Alternative a = c.models().get(m);
            out.append("| ").append(AsciiMap.letter(m)).append(" | ").append(cell(a.name())).append(" | `")
                    .append(cell(a.file())).append("` | `").append(cell(c.times().get(m).text())).append("` |\n");
        }
        out.append('\n');
        for (Comparison.Difference d : c.differences()) {
            out.append("Difference ").append(AsciiMap.letter(d.first())).append(" − ").append(AsciiMap.letter(d.second()))
                    .append(": `").append(d.expr().text()).append("`\n\n");
        }
        if (!c.domain().fixed().isEmpty()) {
            out.append("Fixed: ");
            StringBuilder s = new StringBuilder();
            c.domain().fixed().forEach((k, v) -> s.append(s.length() == 0 ? "" : ", ").append(k).append(" = ")
                    .append(NumberText.plain(v)).append(" (").append(c.domain().origins().get(k)).append(')'));
            out.append(s).append(".\n\n");
        }
    }

    private void range(StringBuilder out) {
        out.append("## Over the range\n\nGrid: ");
        for (int i = 0; i < c.domain().axes().size(); i++) {
            Axis a = c.domain().axes().get(i);
            out.append(i == 0 ? "" : " × ").append(a.variable()).append(" from ").append(NumberText.plain(a.from()))
                    .append(" to ").append(NumberText.plain(a.to())).append(" (").append(a.points()).append(" points)");
        }
        out.append(".\n\n| | model | best on | least T_P (s) | greatest T_P (s) |\n|---|---|---|---|---|\n");
        int[] wins = c.grid().wins();
        for (int m = 0; m < c.models().size(); m++) {
            double[] r = c.grid().range(m);
            out.append("| ").append(AsciiMap.letter(m)).append(" | ").append(cell(c.models().get(m).name())).append(" | ")
                    .append(NumberText.percent(wins[m] / (double) c.grid().size())).append(" of the grid | ")
                    .append(NumberText.digits(r[0], 6)).append(" | ").append(NumberText.digits(r[1], 6)).append(" |\n");
        }
        out.append('\n');
    }

    private void crossovers(StringBuilder out) {
        String col = c.domain().column().variable();
        out.append("## Crossovers\n\n");
        boolean any = c.rows().stream().anyMatch(r -> !r.crossovers().isEmpty());
        if (!any && c.crossovers().isEmpty()) {
            out.append("None: the same model is best at every point of the grid.\n\n");
            return;
        }
        String rowVar = c.domain().row().map(Axis::variable).orElse(null);
        out.append("Where the best model changes along ").append(col).append(" (bisection to 1e-6 relative or better)")
                .append(rowVar == null ? "" : ", at the shown values of " + rowVar).append(":\n\n| ")
                .append(rowVar == null ? "" : rowVar + " | ").append(col).append(" | best below | best above |\n|")
                .append(rowVar == null ? "" : "---|").append("---|---|---|\n");
        for (Comparison.RowView r : c.rows()) {
            if (r.crossovers().isEmpty() && rowVar != null) {
                out.append("| ").append(NumberText.plain(r.row())).append(" | none | | |\n");
            }
            for (Crossover x : r.crossovers()) {
                out.append("| ").append(rowVar == null ? "" : NumberText.plain(r.row()) + " | ")
                        .append(x.integer() ? NumberText.plain(x.lower()) + " .. " + NumberText.plain(x.upper())
                                + " (real root " + NumberText.digits(x.value(), 10) + ")" : NumberText.digits(x.value(), 10))
                        .append(" | ").append(cell(name(x.below()))).append(" | ")
                        .append(cell(name(x.above()))).append(" |\n");
            }
        }
        if (rowVar != null) {
            out.append("\n").append(c.crossovers().size()).append(" crossover points on all grid lines (in compare.json).\n");
        }
        out.append('\n');
    }

    private void regions(StringBuilder out) {
        out.append("## Best structure\n\n");
        if (c.regions().size() <= CompareText.REGION_LIMIT) {
            out.append("| region | best |\n|---|---|\n");
            for (Region r : c.regions()) {
                out.append("| ").append(CompareText.extent(r)).append(" | ").append(cell(name(r.model()))).append(" |\n");
            }
            out.append('\n');
        } else {
            out.append(c.regions().size()).append(" regions (rows of the grid cut where the best model changes; all in "
                    + "compare.json).\n\n");
        }
        if (c.domain().row().isPresent() && c.verdict().winner().isEmpty()) {
            out.append("```\n").append(AsciiMap.render(c.grid(), c.models())).append("```\n\n");
        }
    }

    private void categories(StringBuilder out) {
        out.append("## Why: lost cycles per category\n\nProcessor-seconds summed over the processors (T_P = total / p), "
                + "as in the thesis' Fig. 4.5.\n\n| point | model |");
        for (Category cat : Category.values()) {
            out.append(' ').append(cat.key()).append(" |");
        }
        out.append(" total | T_P (s) |\n|---|---|");
        out.append("---|".repeat(Category.values().length + 2)).append('\n');
        for (Map<String, Double> at : c.bars()) {
            for (int m = 0; m < c.models().size(); m++) {
                double[] v = CategoryValues.at(c.fixed().get(m), at);
                out.append("| ").append(NumberText.point(at)).append(" | ").append(cell(name(m))).append(" |");
                for (double x : v) {
                    out.append(' ').append(NumberText.digits(x, 4)).append(" |");
                }
                out.append(' ').append(NumberText.digits(CategoryValues.sum(v), 5)).append(" | ")
                        .append(NumberText.digits(c.fixed().get(m).timeAt(at), 5)).append(" |\n");
            }
        }
        out.append('\n');
    }

    private void processors(StringBuilder out) {
        out.append("## Processors\n\n");
        String rowVar = c.domain().row().map(Axis::variable).orElse(null);
        for (int m = 0; m < c.models().size(); m++) {
            ProcessorAnalysis a = c.processors().get(m);
            out.append("### ").append(AsciiMap.letter(m)).append(": ").append(name(m)).append("\n\n");
            a.speedup().ifPresent(e -> item(out, "speedup T(1)/T(p)", e));
            a.efficiency().ifPresent(e -> item(out, "efficiency", e));
            if (a.derivative().isPresent()) {
                item(out, "dT/dp", a.derivative().get());
            } else if (!a.derivativeNote().isEmpty()) {
                out.append("- dT/dp: ").append(a.derivativeNote()).append('\n');
            }
            if (!a.note().isEmpty()) {
                out.append("- ").append(a.note()).append('\n');
            }
            if (a.method() != ProcessorAnalysis.Method.NONE) {
                out.append("- best p, ").append(a.method().description());
                if (!a.stationaryPoints().isEmpty()) {
                    out.append(" (dT/dp = 0 at p = `").append(String.join("`, `",
                            a.stationaryPoints().stream().map(Expr::text).toList())).append("`)");
                }
                out.append(":\n\n| ").append(rowVar == null ? "" : rowVar + " | ")
                        .append("best p | T_P (s) | speedup | efficiency |\n|").append(rowVar == null ? "" : "---|")
                        .append("---|---|---|---|\n");
                for (BestP b : a.bestP()) {
                    out.append("| ").append(rowVar == null ? "" : NumberText.plain(b.row()) + " | ")
                            .append(NumberText.digits(b.p(), 8)).append(b.stationary() ? "" : " (end)").append(" | ")
                            .append(NumberText.digits(b.time(), 6)).append(" | ").append(NumberText.digits(b.speedup(), 4))
                            .append(" | ").append(NumberText.percent(b.efficiency())).append(" |\n");
                }
            }
            out.append('\n');
        }
    }

    private static void item(StringBuilder out, String label, Expr e) {
        out.append("- ").append(label).append(" = `").append(e.text()).append("`\n");
    }

    private String name(int m) {
        return c.models().get(m).name();
    }

    /** Text in a markdown table cell or list item: a '|' would end the cell (explore's markdown uses it too). */
    public static String cell(String s) {
        return s.replace("|", "\\|");
    }
}
