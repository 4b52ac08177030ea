package lcm.fit;

import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A functional form to fit: an annotation-language expression in some variables and the
 * coefficients {@code k1, k2, ...} (Table 5.1 of the thesis: {@code k1*p*sqrt(p) + k2}).
 *
 * @param form         the expression
 * @param variables    the variables it is a function of, in the order of the fit's variables
 * @param coefficients the coefficient names it uses, ordered by number ({@code k1, k2, k10})
 * @param origin       where the form came from
 * @param at           the line of a forms file or the command-line argument it was read from
 */
public record CandidateForm(Expr form, List<String> variables, List<String> coefficients, Origin origin,
                            Optional<SourceLocation> at) {

    /** Where a form came from; text output and JSON say so. */
    public enum Origin {
        DEFAULT("default"), FORMS_FILE("forms file"), USER("user formula"), NORMAL_FORM("normal-form search"),
        COMBINED("multi-variable"), CAUSES("li from its causes");

        private final String label;

        Origin(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private static final Pattern COEFFICIENT = Pattern.compile("k[0-9]+");

    public CandidateForm {
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(at, "at");
        variables = List.copyOf(variables);
        coefficients = List.copyOf(coefficients);
    }

    public static boolean isCoefficient(String name) {
        return COEFFICIENT.matcher(name).matches();
    }

    /**
     * A form over {@code variables}; its coefficients are the names {@code k<number>} it uses.
     *
     * @throws IllegalArgumentException naming the first name that is neither a variable nor a coefficient
     */
    public static CandidateForm of(Expr form, List<String> variables, Origin origin, Optional<SourceLocation> at) {
        List<String> coefficients = new ArrayList<>();
        for (String name : form.variables()) {
            if (isCoefficient(name) && !variables.contains(name)) {
                coefficients.add(name);
            } else if (!variables.contains(name)) {
                throw new IllegalArgumentException("unknown name '" + name + "' (variables: " + String.join(", ", variables)
                        + "; coefficients are k1, k2, ...)");
            }
        }
        coefficients.sort(Comparator.comparingLong(k -> Long.parseLong(k.substring(1))));
        return new CandidateForm(form, variables, coefficients, origin, at);
    }

    public static CandidateForm of(Expr form, List<String> variables, Origin origin) {
        return of(form, variables, origin, Optional.empty());
    }

    /** The expression's text in annotation-language syntax ({@code k1*p*sqrt(p)+k2}). */
    public String text() {
        return form.text();
    }

    /** Slots for {@link CompiledExpr}: the variables, then the coefficients. */
    public List<String> slots() {
        List<String> out = new ArrayList<>(variables);
        out.addAll(coefficients);
        return out;
    }
}
