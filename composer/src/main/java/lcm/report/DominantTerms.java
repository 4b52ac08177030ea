package lcm.report;

import lcm.expr.Processors;
import lcm.algebra.Alg;
import lcm.expr.NumberText;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.compose.ComposedModel;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The K largest additive terms of T_P at a point, each with its category and its share of T_P,
 * so that a user reads a long model in a few lines. The terms are those of the categories
 * (T_P = their sum / p), products over sums expanded one level at a time.
 */
public final class DominantTerms {

    /** One term: its category, its expression (processor-seconds), its seconds of T_P at the point. */
    public record Term(Category category, Expr expr, double seconds) {
    }

    private DominantTerms() {
    }

    /** Every term of the model at {@code point} (values of all variables, sync values included), largest first. */
    public static List<Term> at(ComposedModel model, Map<String, Double> point, double processors) {
        List<Term> out = new ArrayList<>();
        for (Category c : Category.values()) {
            for (Expr t : terms(model.categories().get(c))) {
                double v = Evaluator.eval(t, point) / processors;
                if (v != 0) {
                    out.add(new Term(c, t, v));
                }
            }
        }
        out.sort(Comparator.comparingDouble((Term t) -> -Math.abs(t.seconds())));
        return out;
    }

    /** What {@code lcm compose --at POINT --terms K} prints: the K largest terms of T_P at the point. */
    public static String report(ComposedModel model, Map<String, Double> point, int k) {
        ComposedModel.PointValues v = model.evaluate(point);
        Map<String, Double> all = model.withSyncValues(point, new ArrayList<>());
        return text(at(model, all, all.getOrDefault(Processors.NAME, 1.0)), k, v.time(), NumberText.point(point));
    }

    /** The lines {@code lcm compose --terms K} prints. */
    public static String text(List<Term> terms, int k, double time, String point) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%ndominant terms of T_P at %s (%d of %d; T_P = %s s):%n", point,
                Math.min(k, terms.size()), terms.size(), NumberText.plain(time)));
        for (int i = 0; i < Math.min(k, terms.size()); i++) {
            Term t = terms.get(i);
            s.append(String.format(Locale.ROOT, "  %7s  %-2s %-12s %s%n", NumberText.percent(time == 0 ? 0.0 : t.seconds() / time),
                    t.category().key(), NumberText.plain(t.seconds()) + " s", t.expr().text()));
        }
        return s.toString();
    }

    /** Additive terms of e: sums split, products and quotients of a sum expanded. */
    static List<Expr> terms(Expr e) {
        List<Expr> out = new ArrayList<>();
        collect(e, out, 0);
        return out;
    }

    private static void collect(Expr e, List<Expr> out, int depth) {
        if (depth > 50) {
            out.add(e);
            return;
        }
        if (e instanceof Expr.Bin b) {
            switch (b.op()) {
                case ADD -> {
                    collect(b.left(), out, depth + 1);
                    collect(b.right(), out, depth + 1);
                    return;
                }
                case SUB -> {
                    collect(b.left(), out, depth + 1);
                    for (Expr t : terms(b.right())) {
                        out.add(Alg.neg(t));
                    }
                    return;
                }
                case MUL -> {
                    List<Expr> l = terms(b.left());
                    List<Expr> r = terms(b.right());
                    if (l.size() > 1 || r.size() > 1) {
                        for (Expr x : l) {
                            for (Expr y : r) {
                                collect(Alg.mul(x, y), out, depth + 1);
                            }
                        }
                        return;
                    }
                }
                case DIV -> {
                    List<Expr> l = terms(b.left());
                    if (l.size() > 1) {
                        for (Expr x : l) {
                            collect(Alg.div(x, b.right()), out, depth + 1);
                        }
                        return;
                    }
                }
                default -> {
                }
            }
        }
        if (e instanceof Expr.Neg n) {
            for (Expr t : terms(n.operand())) {
                out.add(Alg.neg(t));
            }
            return;
        }
        out.add(e);
    }
}
