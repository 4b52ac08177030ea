package lcm.fit;

import lcm.expr.CompiledExpr;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A candidate form analysed and compiled once: its structure (linear or not), the whole form
 * over variables and coefficients, and for linear forms the basis functions and offset over
 * the variables alone.
 */
final class PreparedForm {

    final CandidateForm form;
    final FormStructure structure;
    final CompiledExpr whole;
    final CompiledExpr[] basis;
    final CompiledExpr offset;

    private PreparedForm(CandidateForm form, FormStructure structure, CompiledExpr whole, CompiledExpr[] basis,
                         CompiledExpr offset) {
        this.form = form;
        this.structure = structure;
        this.whole = whole;
        this.basis = basis;
        this.offset = offset;
    }

    /** Designs of this form per point set (a small LRU). */
    final Map<Series.PointKey, LinearDesign> designs = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Series.PointKey, LinearDesign> eldest) {
            return size() > 64;
        }
    };

    static PreparedForm of(CandidateForm form) {
        FormStructure structure = FormStructure.of(form);
        CompiledExpr whole = CompiledExpr.compile(form.form(), form.slots());
        if (structure instanceof FormStructure.Linear lin) {
            CompiledExpr[] basis = lin.basis().stream().map(b -> CompiledExpr.compile(b, form.variables()))
                    .toArray(CompiledExpr[]::new);
            Optional<CompiledExpr> off = lin.offset().map(o -> CompiledExpr.compile(o, form.variables()));
            return new PreparedForm(form, structure, whole, basis, off.orElse(null));
        }
        return new PreparedForm(form, structure, whole, null, null);
    }

    boolean linear() {
        return basis != null;
    }

    /** The least-squares design of this (linear) form at the points of {@code s}. */
    LinearDesign design(Series s) {
        int g = s.points();
        int k = basis.length;
        double[][] x = new double[g][k];
        double[] off = offset == null ? null : new double[g];
        for (int i = 0; i < g; i++) {
            double[] env = s.pointX(i);
            for (int j = 0; j < k; j++) {
                x[i][j] = basis[j].eval(env);
            }
            if (off != null) {
                off[i] = offset.eval(env);
            }
        }
        return LinearDesign.of(x, off, s.repsArray(), form.coefficients());
    }
}
