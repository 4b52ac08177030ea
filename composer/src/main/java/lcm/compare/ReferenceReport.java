package lcm.compare;

import lcm.annotation.Category;
import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * lcm's predictions against reference data (docs/compare.md#reference-data): at each point of
 * the per-category table, T_P of lcm and of the reference and the relative error
 * (lcm - reference) / reference, in total and per category; then which program the reference
 * finds faster at each point and whether lcm agrees.
 */
public final class ReferenceReport {

    private final Comparison c;
    private final List<Optional<Reference>> references;

    /** One row: a model at a point, lcm's values and the reference's. */
    public record Row(int model, Map<String, Double> at, double time, double[] categories, Reference.Values reference) {

        /** (lcm - reference) / reference of T_P. */
        public double error() {
            return (time - reference.time()) / reference.time();
        }
    }

    public ReferenceReport(Comparison comparison, List<Optional<Reference>> references) {
        this.c = comparison;
        this.references = List.copyOf(references);
    }

    public boolean isEmpty() {
        return references.stream().noneMatch(Optional::isPresent);
    }

    /** The rows of every model with a reference, at every point the reference covers. */
    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (int m = 0; m < c.models().size(); m++) {
            if (references.get(m).isEmpty()) {
                continue;
            }
            for (Map<String, Double> at : c.bars()) {
                Alternative fixed = c.fixed().get(m);
                Optional<Reference.Values> ref = references.get(m).get().at(full(m, at));
                if (ref.isPresent()) {
                    out.add(new Row(m, at, fixed.timeAt(at), CategoryValues.at(fixed, at), ref.get()));
                }
            }
        }
        return out;
    }

    /** The point with the fixed values and the model's defaults: what a reference is evaluated at. */
    private Map<String, Double> full(int m, Map<String, Double> at) {
        Map<String, Double> all = new LinkedHashMap<>(c.models().get(m).defaults());
        all.putAll(c.domain().fixed());
        all.putAll(at);
        return all;
    }

    public String text() {
        if (isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("\nagainst reference data (error = (lcm - reference) / reference):\n");
        List<Row> rows = rows();
        int width = 2;
        for (Map<String, Double> at : c.bars()) {
            width = Math.max(width, NumberText.point(at).length());
        }
        for (int m = 0; m < c.models().size(); m++) {
            if (references.get(m).isEmpty()) {
                continue;
            }
            Reference r = references.get(m).get();
            out.append("  ").append(AsciiMap.letter(m)).append("  ").append(c.models().get(m).name())
                    .append("  reference: ").append(r.file()).append(" (").append(r.foundIn()).append(")\n");
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "     %-" + width + "s %10s %10s %9s",
                    "at", "lcm T_P", "reference", "error"));
            for (Category cat : Category.values()) {
                head.append(String.format(Locale.ROOT, " %9s", cat.key()));
            }
            out.append(head).append('\n');
            int shown = 0;
            for (Row row : rows) {
                if (row.model() != m) {
                    continue;
                }
                shown++;
                out.append(String.format(Locale.ROOT, "     %-" + width + "s %10s %10s %9s", NumberText.point(row.at()),
                        NumberText.digits(row.time(), 5), NumberText.digits(row.reference().time(), 5),
                        signed(row.error())));
                for (Category cat : Category.values()) {
                    Double ref = row.reference().categories().get(cat);
                    double mine = row.categories()[cat.ordinal()];
                    out.append(String.format(Locale.ROOT, " %9s", ref == null ? "" : ref == 0
                            ? (mine == 0 ? "0" : "-") : signed((mine - ref) / ref)));
                }
                out.append('\n');
            }
            if (shown == 0) {
                out.append("     (the reference covers none of these points)\n");
            }
        }
        verdict(rows).ifPresent(v -> out.append("  ").append(v).append('\n'));
        return out.toString();
    }

    /** "reference: dp.f faster at 5 of 5 points; lcm picks the same at 1 of 5 (n = 1024)". */
    Optional<String> verdict(List<Row> rows) {
        Map<Map<String, Double>, Map<Integer, Row>> byPoint = new LinkedHashMap<>();
        for (Row r : rows) {
            byPoint.computeIfAbsent(r.at(), k -> new LinkedHashMap<>()).put(r.model(), r);
        }
        int points = 0;
        int agree = 0;
        Map<Integer, Integer> wins = new LinkedHashMap<>();
        List<String> agreeAt = new ArrayList<>();
        for (Map.Entry<Map<String, Double>, Map<Integer, Row>> e : byPoint.entrySet()) {
            if (e.getValue().size() < 2) {
                continue;
            }
            points++;
            int refBest = -1;
            int lcmBest = -1;
            for (Row r : e.getValue().values()) {
                if (refBest < 0 || r.reference().time() < e.getValue().get(refBest).reference().time()) {
                    refBest = r.model();
                }
                if (lcmBest < 0 || r.time() < e.getValue().get(lcmBest).time()) {
                    lcmBest = r.model();
                }
            }
            wins.merge(refBest, 1, Integer::sum);
            if (refBest == lcmBest) {
                agree++;
                agreeAt.add(NumberText.point(e.getKey()));
            }
        }
        if (points == 0) {
            return Optional.empty();
        }
        StringBuilder s = new StringBuilder("the reference finds ");
        int k = 0;
        for (Map.Entry<Integer, Integer> w : wins.entrySet()) {
            s.append(k++ == 0 ? "" : ", ").append(c.models().get(w.getKey()).name()).append(" faster at ")
                    .append(w.getValue()).append(" of ").append(points).append(" points");
        }
        s.append("; lcm agrees at ").append(agree).append(" of ").append(points)
                .append(agree == 0 || agree == points ? "" : " (" + String.join("; ", agreeAt) + ")");
        return Optional.of(s.toString());
    }

    private static String signed(double fraction) {
        return Double.isFinite(fraction) ? NumberText.signedPercent(fraction) : "-";
    }
}
