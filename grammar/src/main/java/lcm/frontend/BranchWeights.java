package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.source.Diagnostics;
import lcm.structure.Construct;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How often each branch of a conditional runs per pass, from the {@code probability:} lines its
 * user wrote (docs/annotations.md, "Branch probabilities"): one before the {@code if} is the first
 * branch's; one on the first line inside a branch, or just before the {@code else} / {@code else if}
 * / {@code case} that opens it, is that branch's. Branches given none share what the others leave
 * (1 minus their sum) equally. Given probabilities that sum to more than 1 are warned about, at the
 * conditional.
 */
final class BranchWeights {

    private BranchWeights() {
    }

    /** One weight per branch, or empty when no branch was given a probability (the costlier-branch rule applies). */
    static Optional<List<Expr>> of(Construct.Conditional cond, Diagnostics diagnostics) {
        List<Optional<Annotation.Probability>> given = new ArrayList<>(cond.probabilities());
        Optional<Annotation.Probability> before = cond.attached().probability();
        if (before.isPresent() && !given.isEmpty()) {
            if (given.get(0).isPresent()) {
                diagnostics.warning(before.get().at(), "the first branch also has 'probability:' at line "
                        + given.get(0).get().at().line() + ", which counts; this one is ignored");
            } else {
                given.set(0, before);
            }
        }
        List<Annotation.Probability> known = given.stream().flatMap(Optional::stream).toList();
        if (known.isEmpty()) {
            return Optional.empty();
        }
        checkSum(cond, known, diagnostics);
        long unknown = given.stream().filter(Optional::isEmpty).count();
        Expr rest = Expr.num(1);
        for (Annotation.Probability p : known) {
            rest = Expr.sub(rest, p.value());
        }
        Expr share = unknown <= 1 ? rest : Expr.div(rest, Expr.num(unknown));
        return Optional.of(given.stream().map(g -> g.map(Annotation.Probability::value).orElse(share)).toList());
    }

    /** Probabilities that are numbers and sum to more than 1: a warning naming their lines and sum. */
    private static void checkSum(Construct.Conditional cond, List<Annotation.Probability> known, Diagnostics diagnostics) {
        if (known.size() < 2 || !Expr.variables(known.stream().map(Annotation.Probability::value).toList()).isEmpty()) {
            return; // one probability is checked where it is read; symbolic ones cannot be summed here
        }
        String sum;
        if (known.stream().allMatch(p -> p.value() instanceof Expr.Num)) {
            BigDecimal s = known.stream().map(p -> ((Expr.Num) p.value()).value()).reduce(BigDecimal.ZERO, BigDecimal::add);
            if (s.compareTo(BigDecimal.ONE) <= 0) {
                return;
            }
            sum = NumberText.exact(s);
        } else {
            double s = known.stream().mapToDouble(p -> Evaluator.eval(p.value(), Map.of())).sum();
            if (s <= 1 + 1e-12) {
                return;
            }
            sum = NumberText.digits(s, 6);
        }
        diagnostics.warning(cond.span().start(), "the branches' probabilities sum to " + sum + ", more than 1 ("
                + known.stream().map(p -> "line " + p.at().line() + ": " + p.value().text())
                        .collect(Collectors.joining(", ")) + ")");
    }
}
