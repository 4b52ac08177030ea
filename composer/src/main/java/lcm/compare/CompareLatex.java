package lcm.compare;

import lcm.expr.NumberText;
import lcm.expr.Expr;
import lcm.expr.ExprPrinter;

/**
 * {@code lcm compare --format latex}: the models and their differences as an {@code align*},
 * and the crossovers at the shown rows as a {@code tabular}.
 */
final class CompareLatex {

    private CompareLatex() {
    }

    static String render(Comparison c) {
        StringBuilder out = new StringBuilder();
        out.append("% lcm compare: ").append(c.verdict().text().replace("%", "\\%")).append('\n');
        out.append("\\begin{align*}\n");
        String vars = String.join(", ", c.domain().axes().stream()
                .map(a -> ExprPrinter.printLatex(new Expr.Var(a.variable()))).toList());
        for (int m = 0; m < c.models().size(); m++) {
            out.append("T_{").append(AsciiMap.letter(m)).append("}(").append(vars).append(") &= ")
                    .append(ExprPrinter.printLatex(c.times().get(m))).append(" && \\text{").append(escape(c.models().get(m).name()))
                    .append("} \\\\\n");
        }
        for (int i = 0; i < c.differences().size(); i++) {
            Comparison.Difference d = c.differences().get(i);
            out.append("T_{").append(AsciiMap.letter(d.first())).append("} - T_{").append(AsciiMap.letter(d.second()))
                    .append("} &= ").append(ExprPrinter.printLatex(d.expr())).append(i + 1 < c.differences().size() ? " \\\\\n" : "\n");
        }
        out.append("\\end{align*}\n");
        String col = c.domain().column().variable();
        String rowVar = c.domain().row().map(Axis::variable).orElse(null);
        out.append("\\begin{tabular}{").append(rowVar == null ? "" : "r").append("rll}\n");
        out.append(rowVar == null ? "" : "$" + rowVar + "$ & ").append("crossover $").append(col)
                .append("$ & best below & best above \\\\\n\\hline\n");
        for (Comparison.RowView r : c.rows()) {
            if (r.crossovers().isEmpty()) {
                out.append(rowVar == null ? "" : NumberText.plain(r.row()) + " & ").append("none & & \\\\\n");
            }
            for (Crossover x : r.crossovers()) {
                out.append(rowVar == null ? "" : NumberText.plain(r.row()) + " & ").append(NumberText.digits(x.value(), 10))
                        .append(" & ").append(escape(c.models().get(x.below()).name())).append(" & ")
                        .append(escape(c.models().get(x.above()).name())).append(" \\\\\n");
            }
        }
        return out.append("\\end{tabular}\n").toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\textbackslash{}").replace("_", "\\_").replace("%", "\\%").replace("&", "\\&")
                .replace("#", "\\#").replace("$", "\\$");
    }
}
