package lcm.phases;

import lcm.expr.Processors;
import lcm.expr.ExprPrinter;
import lcm.expr.NumberText;
import lcm.source.UserError;
import lcm.annotation.AnnotationReader;
import lcm.annotation.Category;
import lcm.fit.CandidateForm;
import lcm.fit.CandidateTable;
import lcm.expr.CompiledExpr;
import lcm.fit.Fit;
import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.ModelFitter;
import lcm.measure.Measurement;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A phase's execution signature (Carlson et al. 3.1): its rate of execution E(p) (executions
 * of the phase per second) as a function of the number of processors, fitted to the
 * reciprocals of its measured run times by lcm's fitting code ({@link ModelFitter}) and
 * extrapolated. The candidate forms are the signatures the paper names: Carlson's
 * {@code p/(k1*p + k2)} (eq. 1), the linear signature {@code k1*p} (perfect speedup) and the
 * constant {@code k1} (no speedup). lcm's ranking (leave-one-point-out cross-validation) orders
 * them; the selected signature is the best-ranked one that is a signature at all: positive,
 * through the origin and non-decreasing and concave in p, which for eq. 1 means k1 >= 0 and
 * k2 > 0 (a negative k1 would put a pole at p = k2/|k1|). This is an adapter over lcm.fit's
 * public entry points (a FitRequest with these formulas and no defaults).
 */
public final class ExecutionSignature {

    public static final List<String> FORMS = List.of("p/(k1*p + k2)", "k1*p", "k1");

    /** The selected signature and the ranked alternatives. */
    public record Result(Fit selected, List<Fit> ranked, List<String> rejected) {

        /** The rate E(p), executions per second. */
        public double rate(double p) {
            CompiledExpr e = CompiledExpr.compile(selected.model(), List.of(Processors.NAME));
            return e.eval(new double[] {p});
        }

        /** The predicted time of one execution on p processors, seconds. */
        public double time(double p) {
            return 1 / rate(p);
        }

        public String form() {
            return selected.candidate().text();
        }

        public String model() {
            return ExprPrinter.print(selected.model());
        }
    }

    private ExecutionSignature() {
    }

    /**
     * Fits the signature to run times {@code seconds[i]} measured on {@code processors[i]}.
     * @throws lcm.source.UserError when no candidate is a valid signature
     */
    public static Result fit(double[] processors, double[] seconds) {
        List<Measurement> ms = new ArrayList<>();
        Path origin = Path.of("execution-signature");
        for (int i = 0; i < processors.length; i++) {
            if (!(seconds[i] > 0)) {
                throw UserError.of("a phase time of " + seconds[i] + " s on " + processors[i]
                        + " processors: an execution signature needs positive times");
            }
            Map<String, Double> v = new LinkedHashMap<>();
            v.put(Processors.NAME, processors[i]);
            v.put("rate", 1 / seconds[i]);
            ms.add(new Measurement("", v, SourceLocation.of(origin, i + 1, 1)));
        }
        List<CandidateForm> forms = new ArrayList<>();
        for (String f : FORMS) {
            forms.add(CandidateForm.of(AnnotationReader.expression(f), List.of(Processors.NAME), CandidateForm.Origin.USER));
        }
        FitRequest request = new FitRequest(ms, "rate", Category.PC, List.of(Processors.NAME), forms, false, false);
        FitResult r = new ModelFitter(CandidateTable.empty()).fit(request);
        List<String> rejected = new ArrayList<>();
        Fit chosen = null;
        for (Fit f : r.fits()) {
            if (!f.ok()) {
                continue;
            }
            Optional<String> why = invalid(f);
            if (why.isPresent()) {
                rejected.add(f.candidate().text() + ": " + why.get());
                continue;
            }
            // among the valid signatures, the one that predicts left-out runs best: with three runs the
            // general ranking's preference for fewer coefficients would keep a constant rate that
            // extrapolates badly, while the signature forms are nested special cases of one law
            if (chosen == null || f.cvRelative() < chosen.cvRelative()) {
                chosen = f;
            }
        }
        if (chosen == null) {
            throw UserError.of("no execution signature fits these phase times (" + String.join("; ", rejected) + ")");
        }
        return new Result(chosen, r.fits(), rejected);
    }

    /** Why a fitted form is not an execution signature, if it is not. */
    private static Optional<String> invalid(Fit f) {
        double[] k = f.values();
        String form = f.candidate().text().replace(" ", "");
        if (form.equals("p/(k1*p+k2)")) {
            if (k[0] < 0) {
                return Optional.of("k1 = " + NumberText.text(k[0]) + " < 0: the rate would have a pole");
            }
            if (k[1] <= 0) {
                return Optional.of("k2 = " + NumberText.text(k[1]) + " <= 0: the rate would not pass through the origin increasing");
            }
        } else if (k.length > 0 && k[0] <= 0) {
            return Optional.of("k1 = " + NumberText.text(k[0]) + " <= 0: a rate must be positive");
        }
        return Optional.empty();
    }

    /**
     * Per phase index, the execution signature across the runs (processors = tasks of each
     * trace; phases paired in order) and its prediction at {@code target} processors (NaN: none).
     * Runs that all have the same processors give none, with a warning, and so does one run.
     */
    public static List<PhaseReport.SignatureRow> perPhase(List<PhaseAnalysis> analyses, double target,
                                                          List<Diagnostic> warnings) {
        List<PhaseReport.SignatureRow> rows = new ArrayList<>();
        if (analyses.size() < 2) {
            return rows;
        }
        int phases = Integer.MAX_VALUE;
        Set<Integer> ps = new HashSet<>();
        for (PhaseAnalysis a : analyses) {
            phases = Math.min(phases, a.phases().size());
            ps.add(a.timeline().processors());
        }
        if (ps.size() < 2) {
            warnings.add(Diagnostic.warning("the traces all have " + ps.iterator().next()
                    + " tasks: no execution signatures (they need runs on different numbers of processors)"));
            return rows;
        }
        for (PhaseAnalysis a : analyses) {
            if (a.phases().size() != phases) {
                warnings.add(Diagnostic.warning(a.timeline().source() + ": " + a.phases().size()
                        + " phases, other runs have " + phases + ": signatures pair the first " + phases
                        + " phases in order (give --boundaries per program structure, or change --penalty)"));
            }
        }
        for (int i = 0; i < phases; i++) {
            double[] p = new double[analyses.size()];
            double[] t = new double[analyses.size()];
            for (int r = 0; r < analyses.size(); r++) {
                p[r] = analyses.get(r).timeline().processors();
                t[r] = analyses.get(r).phases().get(i).length();
            }
            ExecutionSignature.Result fit = ExecutionSignature.fit(p, t);
            rows.add(new PhaseReport.SignatureRow(i + 1, p, t, fit, target));
        }
        return rows;
    }
}
