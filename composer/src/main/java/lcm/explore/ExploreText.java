package lcm.explore;

import lcm.annotation.Category;
import lcm.expr.NumberText;
import lcm.expr.Processors;
import lcm.expr.TextColumns;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code lcm explore}'s text: the ranked table (variant number, rank, T_P and gain at each point,
 * the categories that change at the first point, the edits), then the edits of the top variants
 * with why each applies, what the annotations did not allow, and how equality was judged.
 */
public final class ExploreText {

    /** Points shown side by side in the table; more are in the JSON. */
    static final int POINTS_SHOWN = 4;
    /** Said of a variant whose edit is not a directive edit of Fortran sources. */
    static final String DESCRIBED = "source edit: described, not written (lcm explore writes the directive edits of "
            + "Fortran sources only)";

    private ExploreText() {
    }

    public static String render(Exploration e, int top, Map<Integer, String> diffs) {
        StringBuilder out = new StringBuilder();
        Exploration.SearchFigures s = e.search();
        out.append("lcm explore ").append(e.program()).append(": ").append(NumberText.counted(s.variants(), "variant"))
                .append(" (the program as it is and ").append(s.variants() - 1).append(" restructurings, to depth ")
                .append(s.depth()).append("), each composed once and evaluated at ")
                .append(NumberText.counted(e.points().size(), "point")).append('\n');
        int shown = Math.min(POINTS_SHOWN, e.points().size());
        for (int i = 0; i < shown; i++) {
            out.append("  point ").append(i + 1).append(": ").append(NumberText.point(e.points().get(i))).append('\n');
        }
        out.append('\n');
        List<String[]> rows = rows(e, top);
        TextColumns.append(out, rows, "");
        if (e.ranked().size() > top + 1) {
            out.append("(").append(e.ranked().size() - top - 1).append(" more in --format json, or give --top)\n");
        }
        out.append('\n');
        notes(e).forEach(n -> out.append(n).append('\n'));
        int k = 0;
        for (Ranked r : e.ranked()) {
            if (r.variant().original() || k++ >= top) {
                continue;
            }
            out.append("\nvariant ").append(r.number()).append(":\n");
            for (Edit edit : r.variant().edits()) {
                out.append("  ").append(edit.label()).append(": ").append(edit.reason()).append('\n');
            }
            r.prediction().extrapolated().stream().distinct().limit(3)
                    .forEach(w -> out.append("  ! ").append(w).append('\n'));
            String diff = diffs.get(r.number());
            out.append(diff != null ? diff : "  " + DESCRIBED + "\n");
        }
        if (!e.refusals().isEmpty()) {
            out.append("\nnot proposed (annotate to allow):\n");
            e.refusals().forEach(r -> out.append("  ").append(r.text()).append('\n'));
        }
        return out.toString();
    }

    /** What the table's marks mean: "!" (extrapolated) where a variant has it, "n=" (equal) always. */
    static List<String> notes(Exploration e) {
        List<String> notes = new ArrayList<>();
        if (e.ranked().stream().anyMatch(r -> !r.prediction().extrapolated().isEmpty())) {
            notes.add("!: the prediction extrapolates a fragment model beyond its fitted-on: ranges");
        }
        if (e.resamples() > 0) {
            notes.add("rank n=: equal to the variant ranked before it within the models' accuracy: the 90 % interval of "
                    + "their paired difference (the mean over the points of log(T / T of the other), both composed with "
                    + "the models fitted to each of " + e.resamples() + " resamples of the runs) contains 0.");
        } else {
            notes.add("rank n=: equal to another variant within the models' accuracy. Equality is judged on point "
                    + "predictions (the same T_P at every point): lcm has no resampled models of this program; "
                    + "with --data RUNS --resamples R it is judged on the 90 % interval of the paired difference.");
        }
        return notes;
    }

    /**
     * The ranked table's rows, header first: the program as it is and the {@code top} best
     * variants, T_P and gain at the first {@link #POINTS_SHOWN} points, the "why" at the first.
     */
    static List<String[]> rows(Exploration e, int top) {
        int shown = Math.min(POINTS_SHOWN, e.points().size());
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("#", "rank"));
        for (int i = 0; i < shown; i++) {
            header.add(shown == 1 ? "T_P (s)" : "T_P@" + (i + 1));
            header.add(shown == 1 ? "gain" : "gain@" + (i + 1));
        }
        header.add("why (change of T_P by category" + (shown == 1 ? "" : " at point 1") + ", s)");
        header.add("edits");
        rows.add(header.toArray(String[]::new));
        int listed = 0;
        for (Ranked r : e.ranked()) {
            if (!r.variant().original() && listed++ >= top) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(r.number() + (r.prediction().extrapolated().isEmpty() ? "" : "!"));
            row.add(equalToAnother(e, r) ? r.rank() + "=" : String.valueOf(r.rank()));
            for (int i = 0; i < shown; i++) {
                row.add(NumberText.digits(r.prediction().time(i), 5));
                row.add(r.variant().original() ? "-" : NumberText.signedPercent(r.gain(i)));
            }
            row.add(r.variant().original() ? "-" : why(r, e.points().get(0)));
            row.add(r.variant().label());
            rows.add(row.toArray(String[]::new));
        }
        return rows;
    }

    private static boolean equalToAnother(Exploration e, Ranked r) {
        return e.ranked().stream().filter(o -> o.rank() == r.rank()).count() > 1;
    }

    /** {@code li -12.3, cl -4.1}: the changes, largest first. */
    static String why(Ranked r, Map<String, Double> at) {
        double p = at.getOrDefault(Processors.NAME, 1.0);
        List<Map.Entry<Category, Double>> changes = new ArrayList<>(r.why(0, p).entrySet());
        changes.sort((a, b) -> Double.compare(Math.abs(b.getValue()), Math.abs(a.getValue())));
        if (changes.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        for (Map.Entry<Category, Double> c : changes) {
            parts.add(c.getKey().key() + " " + (c.getValue() > 0 ? "+" : "") + NumberText.digits(c.getValue(), 4));
        }
        return String.join(", ", parts);
    }
}
