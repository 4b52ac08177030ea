package lcm.fit;

import lcm.annotation.AnnotationReader;
import lcm.annotation.Category;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;

import java.util.concurrent.ConcurrentHashMap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The candidate forms per category and variable, read from a text resource
 * ({@code lcm/fit/candidate-forms.txt}) and from user files of the same format
 * ({@code CATEGORY VARIABLE: FORM}, see the resource's header). A variable with entries of its
 * own uses those; any other variable except {@code p} uses the entries written for {@code n},
 * with {@code n} renamed.
 */
public final class CandidateTable {

    public static final String RESOURCE = "candidate-forms.txt";
    public static final String NORMAL_FORM = "normal-form";
    /** The variable whose forms stand for every variable without forms of its own (except p). */
    public static final String GENERIC = "n";
    public static final String PROCESSORS = "p";

    /** One line of a table; an empty form means the normal-form search. */
    public record Entry(String category, String variable, Optional<Expr> form, CandidateForm.Origin origin,
                        SourceLocation at) {
        boolean matches(String categoryKey) {
            return category.equals("*") || category.equals(categoryKey);
        }
    }

    private static final Pattern LINE = Pattern.compile("\\s*(\\S+)\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*:(.*)");

    private static volatile CandidateTable defaults;

    private final List<Entry> entries;

    private CandidateTable(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** The built-in table. */
    public static CandidateTable defaults() {
        CandidateTable t = defaults;
        if (t == null) {
            try (InputStream in = CandidateTable.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + RESOURCE);
                }
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                Diagnostics d = new Diagnostics();
                t = read(SourceText.of(Path.of(RESOURCE), text), CandidateForm.Origin.DEFAULT, d);
                if (d.hasErrors()) {
                    throw new IllegalStateException("bad built-in forms: " + d.errors());
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            defaults = t;
        }
        return t;
    }

    /** An empty table (only user formulas and, when asked for, the normal-form search). */
    public static CandidateTable empty() {
        return new CandidateTable(List.of());
    }

    /** Reads a forms file; bad lines are reported to {@code diagnostics} and left out. */
    public static CandidateTable read(SourceText text, CandidateForm.Origin origin, Diagnostics diagnostics) {
        List<Entry> out = new ArrayList<>();
        List<String> lines = text.lines();
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            int hash = raw.indexOf('#');
            String line = hash < 0 ? raw : raw.substring(0, hash);
            if (line.isBlank()) {
                continue;
            }
            int lineNo = i + 1;
            int lead = 0;
            while (Character.isWhitespace(line.charAt(lead))) {
                lead++;
            }
            SourceLocation at = SourceLocation.of(text.path(), lineNo, lead + 1);
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                diagnostics.error(at, "expected CATEGORY VARIABLE: FORM (e.g. li p: k1*p*sqrt(p))");
                continue;
            }
            String cat = m.group(1).toLowerCase(Locale.ROOT);
            if (!cat.equals("*") && Category.byKey(cat).isEmpty()) {
                diagnostics.error(at, "unknown category '" + m.group(1) + "' (categories: " + Category.keys() + ", or *)");
                continue;
            }
            String key = cat.equals("*") ? cat : Category.byKey(cat).get().key();
            String variable = m.group(2);
            String formText = m.group(3);
            int formStart = m.start(3);
            int formLead = 0;
            while (formLead < formText.length() && Character.isWhitespace(formText.charAt(formLead))) {
                formLead++;
            }
            SourceLocation formAt = SourceLocation.of(text.path(), lineNo, formStart + formLead + 1);
            if (formText.strip().equalsIgnoreCase(NORMAL_FORM)) {
                out.add(new Entry(key, variable, Optional.empty(), origin, formAt));
                continue;
            }
            Parsed<Expr> parsed = AnnotationReader.expression(formText, TextOrigin.at(SourceLocation.of(text.path(), lineNo, formStart + 1)));
            if (!parsed.isOk()) {
                diagnostics.addAll(parsed.problems());
                continue;
            }
            Expr form = parsed.value().get();
            try {
                CandidateForm cf = CandidateForm.of(form, List.of(variable), origin, Optional.of(formAt));
                if (cf.coefficients().isEmpty()) {
                    diagnostics.error(formAt, "the form has no coefficients k1, k2, ... to fit");
                    continue;
                }
            } catch (IllegalArgumentException e) {
                diagnostics.error(formAt, e.getMessage());
                continue;
            }
            out.add(new Entry(key, variable, Optional.of(form), origin, formAt));
        }
        return new CandidateTable(out);
    }

    /**
     * The built-in table followed by the forms of a user's file ({@code --forms} of fit, annotate
     * and validate), whose forms join every fit path: one variable, the projections of several,
     * and the typical terms of a variable with few values ({@code TypicalTerms}).
     *
     * @throws lcm.source.UserError listing the file's bad lines
     */
    public static CandidateTable defaultsPlus(SourceText formsFile) {
        Diagnostics d = new Diagnostics();
        CandidateTable t = defaults().plus(read(formsFile, CandidateForm.Origin.FORMS_FILE, d));
        lcm.source.UserError.throwIfErrors(d);
        return t;
    }

    /** This table's entries followed by {@code more}'s. */
    public CandidateTable plus(CandidateTable more) {
        List<Entry> all = new ArrayList<>(entries);
        all.addAll(more.entries);
        return new CandidateTable(all);
    }

    private List<Entry> matching(Category category, String variable) {
        String key = category.key();
        List<Entry> exact = entries.stream().filter(e -> e.matches(key) && e.variable().equals(variable)).toList();
        if (!exact.isEmpty() || variable.equals(PROCESSORS)) {
            return exact;
        }
        return entries.stream().filter(e -> e.matches(key) && e.variable().equals(GENERIC)).toList();
    }

    private final Map<String, List<CandidateForm>> formsCache = new ConcurrentHashMap<>();

    /** The explicit forms for {@code category} against {@code variable}, in table order. */
    public List<CandidateForm> forms(Category category, String variable) {
        return formsCache.computeIfAbsent(category.key() + " " + variable, k -> List.copyOf(build(category, variable)));
    }

    private List<CandidateForm> build(Category category, String variable) {
        List<CandidateForm> out = new ArrayList<>();
        for (Entry e : matching(category, variable)) {
            if (e.form().isEmpty()) {
                continue;
            }
            Expr form = e.variable().equals(variable) ? e.form().get()
                    : Substitution.rename(e.form().get(), Map.of(e.variable(), variable));
            CandidateForm cf = CandidateForm.of(form, List.of(variable), e.origin(), Optional.of(e.at()));
            if (!out.contains(cf)) {
                out.add(cf);
            }
        }
        return out;
    }

    /** Whether the table asks for the normal-form search for {@code category} against {@code variable}. */
    public boolean normalForm(Category category, String variable) {
        return matching(category, variable).stream().anyMatch(e -> e.form().isEmpty());
    }
}
