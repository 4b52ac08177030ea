package lcm.compare;

import lcm.expr.Processors;
import lcm.annotation.Category;
import lcm.measure.Measurement;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reference data for one compared program (docs/compare.md#reference-data): what was measured
 * or published for it, to set lcm's prediction against. Either a model file ({@code .lcm}: a
 * published model such as the thesis' Table 5.3) evaluated at each point, or measurements in a
 * format lcm reads (pp, CSV, Extra-P) whose categories are averaged at each point they cover.
 *
 * @param program     the program's name as compare shows it
 * @param file        the reference file
 * @param foundIn     where the reference was named ({@code --reference}, or a references file)
 * @param model       the reference model, for a {@code .lcm} reference
 * @param measured    the measurements of this program, for a measured reference
 */
public record Reference(String program, Path file, String foundIn, Optional<Alternative> model,
                        List<Measurement> measured) {

    /** The name of the file beside programs that lists their reference data. */
    public static final String INDEX = "references";

    /** The reference's categories (processor-seconds) and T_P = their sum / p at one point. */
    public record Values(double time, Map<Category, Double> categories) {
    }

    public Reference {
        measured = List.copyOf(measured);
    }

    /** Reads a reference file for {@code program} (the name compare shows, e.g. {@code tp.f}). */
    public static Reference read(String program, Path file, String foundIn, SourceRegistry sources) {
        if (!Files.isRegularFile(file)) {
            throw UserError.of(foundIn + ": reference data " + file + " for " + program + " not found");
        }
        if (file.toString().endsWith(AlternativeLoader.MODEL_EXTENSION)) {
            return new Reference(program, file, foundIn, Optional.of(ModelFileReader.read(file, file.toString(),
                    sources)), List.of());
        }
        MeasurementSet set = MeasurementFormats.read(file, Optional.empty(), sources);
        List<Measurement> rows = new ArrayList<>();
        for (Measurement m : set.measurements()) {
            if (m.tag().isEmpty() || m.tag().equals(program)) {
                rows.add(m);
            }
        }
        if (rows.isEmpty()) {
            throw UserError.of(file + ": no measurement for " + program + " (reference rows are untagged or tagged "
                    + "with the program's name, tag=" + program + ")");
        }
        return new Reference(program, file, foundIn, Optional.empty(), rows);
    }

    /**
     * The reference named for {@code argument} (a source file of a compared program) in the
     * {@value #INDEX} file of its folder, if there is one: lines {@code PROGRAM: FILE}, the file
     * relative to that folder, {@code #} comments.
     */
    public static Optional<Reference> beside(String program, Path source, SourceRegistry sources) {
        Path dir = source.toAbsolutePath().getParent();
        Path index = dir == null ? null : dir.resolve(INDEX);
        if (index == null || !Files.isRegularFile(index)) {
            return Optional.empty();
        }
        Path shownIndex = source.getParent() == null ? Path.of(INDEX) : source.getParent().resolve(INDEX);
        List<String> lines = sources.register(SourceText.read(shownIndex)).lines();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 1 || line.substring(colon + 1).isBlank()) {
                throw UserError.at(new SourceLocation(shownIndex, i + 1, 1), "a references line is 'PROGRAM: FILE' "
                        + "(the file relative to this folder)");
            }
            if (line.substring(0, colon).strip().equals(source.getFileName().toString())) {
                String file = line.substring(colon + 1).strip();
                // shown as the user named the program's folder (relative stays relative)
                Path named = source.getParent() == null ? Path.of(file) : source.getParent().resolve(file).normalize();
                return Optional.of(read(program, named, shownIndex + ":" + (i + 1), sources));
            }
        }
        return Optional.empty();
    }

    /** The reference at a full point (every variable of the program given), if it covers it. */
    public Optional<Values> at(Map<String, Double> point) {
        if (model.isPresent()) {
            Alternative m = model.get();
            Map<String, Double> at = new LinkedHashMap<>(m.defaults());
            at.putAll(point);
            for (String v : m.variables()) {
                if (!at.containsKey(v)) {
                    return Optional.empty();
                }
            }
            double[] cats = CategoryValues.at(m, at);
            Map<Category, Double> out = new EnumMap<>(Category.class);
            for (Category c : Category.values()) {
                out.put(c, cats[c.ordinal()]);
            }
            return Optional.of(new Values(m.timeAt(at), out));
        }
        Map<Category, Double> sums = new EnumMap<>(Category.class);
        int count = 0;
        for (Measurement m : measured) {
            if (covers(m, point)) {
                count++;
                for (Category c : Category.values()) {
                    String key = c == Category.PC && !m.has("pc") ? "rt" : c.key();
                    m.value(key).ifPresent(v -> sums.merge(c, v, Double::sum));
                }
            }
        }
        Double p = point.get(Processors.NAME);
        if (count == 0 || p == null || !sums.containsKey(Category.PC)) {
            return Optional.empty();
        }
        Map<Category, Double> mean = new EnumMap<>(Category.class);
        double total = 0;
        for (Map.Entry<Category, Double> e : sums.entrySet()) {
            mean.put(e.getKey(), e.getValue() / count);
            total += e.getValue() / count;
        }
        return Optional.of(new Values(total / p, mean));
    }

    /** A measurement covers a point when each of its variables has the point's value. */
    private static boolean covers(Measurement m, Map<String, Double> point) {
        for (Map.Entry<String, Double> e : m.values().entrySet()) {
            if (lcm.measure.Quantities.isQuantity(e.getKey())) {
                continue;
            }
            Double v = point.get(e.getKey());
            if (v == null || Math.abs(v - e.getValue()) > 1e-9 * Math.max(1, Math.abs(v))) {
                return false;
            }
        }
        return true;
    }
}
