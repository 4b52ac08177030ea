package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.Fn;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * lca's gnuplot output: {@code PLOT.data} (one measurement a line: the variables, then the
 * quantity) and {@code PLOT.gp}, which {@code gnuplot> load "PLOT.gp"} plots. One variable: the
 * measurements and every fitted curve. Several: measured against predicted by the selected
 * model, with the diagonal.
 */
public final class GnuplotFiles {

    private GnuplotFiles() {
    }

    public static List<Path> write(FitResult r, Path base, String title) throws IOException {
        Path data = Path.of(base + ".data");
        Path script = Path.of(base + ".gp");
        Series s = r.series();
        StringBuilder d = new StringBuilder("# ").append(String.join(" ", r.variables())).append(' ').append(r.quantity()).append('\n');
        for (int i = 0; i < s.rows(); i++) {
            for (double x : s.rowX(i)) {
                d.append(repr(x)).append(' ');
            }
            d.append(repr(s.rowY(i))).append('\n');
        }
        Files.writeString(data, d.toString(), StandardCharsets.UTF_8);
        String dataName = data.getFileName().toString();
        StringBuilder g = new StringBuilder();
        g.append("# lcm fit: load \"").append(script.getFileName()).append("\" in gnuplot\n");
        g.append("set title \"").append(title.replace("\"", "'")).append("\"\n");
        g.append("set key left top\n");
        if (r.fits().stream().anyMatch(f -> f.ok() && uses(f.model(), Fn.EMAX))) {
            g.append(emaxDefinition());
        }
        if (r.variables().size() == 1) {
            String v = r.variables().get(0);
            g.append("set xlabel \"").append(v).append("\"\nset ylabel \"").append(r.quantity()).append("\"\n");
            g.append("plot \"").append(dataName).append("\" using 1:2 title \"measured\" with points");
            int n = 0;
            for (Fit f : r.fits()) {
                if (f.ok() && n < FitPlot.CURVES) {
                    n++;
                    g.append(", \\\n     ").append(expression(f.model(), List.of(v), List.of("x")))
                            .append(" title \"").append(n).append(": ").append(f.model().text().replace("\"", "'"))
                            .append("\" with lines");
                }
            }
            g.append('\n');
        } else {
            List<String> params = r.variables().stream().map(v -> "v_" + v).toList();
            g.append("set xlabel \"predicted\"\nset ylabel \"measured\"\n");
            if (r.best().isPresent()) {
                g.append("model(").append(String.join(", ", params)).append(") = ")
                        .append(expression(r.best().get().model(), r.variables(), params)).append('\n');
                StringBuilder call = new StringBuilder("model(");
                for (int v = 0; v < params.size(); v++) {
                    call.append(v == 0 ? "" : ", ").append('$').append(v + 1);
                }
                call.append(')');
                g.append("plot \"").append(dataName).append("\" using (").append(call).append("):")
                        .append(r.variables().size() + 1).append(" title \"measured against ")
                        .append(r.best().get().model().text().replace("\"", "'")).append("\" with points, x title \"exact\" with lines\n");
            } else {
                g.append("plot \"").append(dataName).append("\" using 1:").append(r.variables().size() + 1)
                        .append(" title \"measured\" with points\n");
            }
        }
        Files.writeString(script, g.toString(), StandardCharsets.UTF_8);
        return List.of(data, script);
    }

    /** Widths at which gnuplot's emax is lcm's, linear in ln w between them (for a plot: within 1.4 % of the integral below w = 1.125, 0.5 % above). */
    private static final double[] EMAX_NODES = {1, 1.125, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 16, 24, 32, 48, 64, 96,
        128, 256, 512, 1024, 4096, 16384, 65536, 1 << 20};

    /** gnuplot has no emax: a definition from {@link lcm.expr.NormalMaximum} at {@link #EMAX_NODES}. */
    static String emaxDefinition() {
        StringBuilder b = new StringBuilder("# emax(w): the expected largest of w standard normal values (lcm's values at some widths, linear in log(w) between)\n");
        b.append("emax(w) = w <= 1.0 ? 0.0 : ");
        for (int i = 1; i < EMAX_NODES.length; i++) {
            double a = EMAX_NODES[i - 1];
            double z = EMAX_NODES[i];
            double ea = lcm.expr.NormalMaximum.expected(a);
            double ez = lcm.expr.NormalMaximum.expected(z);
            String segment = "(" + ea + " + (" + (ez - ea) + ")*(log(w) - " + Math.log(a) + ")/" + (Math.log(z) - Math.log(a)) + ")";
            b.append(i < EMAX_NODES.length - 1 ? "w < " + z + " ? " + segment + " : " : segment);
        }
        return b.append('\n').toString();
    }

    private static boolean uses(Expr e, Fn fn) {
        return e.anyMatch(x -> x instanceof Expr.Call c && c.fn() == fn);
    }

    private static String repr(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }

    /** The expression in gnuplot syntax: ** for powers, real-number literals, ternaries for min and max. */
    static String expression(Expr e, List<String> variables, List<String> names) {
        return e.fold((x, args) -> gnuplot(x, args, variables, names));
    }

    /** One node in gnuplot syntax, its operands' text given. */
    private static String gnuplot(Expr e, List<String> args, List<String> variables, List<String> names) {
        if (e instanceof Expr.Num n) {
            String t = n.value().toString().replace("E", "e");
            return t.contains(".") || t.contains("e") ? t : t + ".0";
        }
        if (e instanceof Expr.Var v) {
            int i = variables.indexOf(v.name());
            return i < 0 ? v.name() : names.get(i);
        }
        if (e instanceof Expr.Neg) {
            return "(-" + args.get(0) + ")";
        }
        if (e instanceof Expr.Bin b) {
            String op = b.op() == Expr.Op.POW ? "**" : b.op().text();
            return "(" + args.get(0) + op + args.get(1) + ")";
        }
        Expr.Call c = (Expr.Call) e;
        if (c.fn() == Fn.LOG2) {
            return "(log(" + args.get(0) + ")/log(2.0))";
        }
        if (c.fn() == Fn.MIN || c.fn() == Fn.MAX) {
            String cmp = c.fn() == Fn.MAX ? ">" : "<";
            String acc = args.get(0);
            for (int i = 1; i < args.size(); i++) {
                acc = "((" + acc + ")" + cmp + "(" + args.get(i) + ") ? (" + acc + ") : (" + args.get(i) + "))";
            }
            return acc;
        }
        return c.fn().text().toLowerCase(Locale.ROOT) + "(" + args.get(0) + ")";
    }
}
