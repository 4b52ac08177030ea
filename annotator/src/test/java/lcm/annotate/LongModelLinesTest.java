package lcm.annotate;

import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.fortran.FortranOptions;
import lcm.frontend.ProgramReader;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A model longer than a fixed-form line is written on continued annotation lines (never past
 * column 72, or the {@code --line-length}), with all its digits, and read back as written.
 */
class LongModelLinesTest {

    @TempDir
    Path dir;

    /** Runs of a pc that needs a long model: a product of three variables' powers and logarithms. */
    private Path data() {
        StringBuilder s = new StringBuilder(Sources.data("work"));
        for (int size : new int[] {16, 32, 64, 128}) {
            for (int procs : new int[] {1, 2, 4, 8}) {
                for (int depth : new int[] {2, 4, 8, 16}) {
                    double l = Math.log(size) * Math.log(procs + 1) * Math.log(depth);
                    s.append("tag=part size=").append(size).append(" nproc=").append(procs).append(" depth=").append(depth)
                            .append(" pc=").append(1.234567e-3 * size * size * procs * procs * depth * depth * l).append('\n');
                }
            }
        }
        return Sources.write(dir, "d.pp", s.toString());
    }

    private Path[] sources() {
        return new Path[] {Sources.write(dir, "work.f", Sources.FIXED.replace("      call work\n", "      call work\n      call part\n")),
                Sources.write(dir, "part.f", Sources.PART)};
    }

    private static AnnotationPlan annotate(Path data, FortranOptions fortran, Path... files) {
        SourceRegistry registry = new SourceRegistry();
        MeasurementSet set = MeasurementFormats.read(data, Optional.empty(), registry);
        AnnotationPlan plan = new Annotator(registry, CandidateTable.defaults(), fortran).plan(List.of(files), set);
        Annotator.write(plan);
        return plan;
    }

    private static AnnotatedFragment part(AnnotationPlan plan) {
        return plan.fragments().stream().filter(f -> f.tag().equals("part")).findFirst().orElseThrow();
    }

    @Test
    void aModelTooLongForColumn72ContinuesOnTheNextLinesWithAllItsDigits() {
        Path data = data();
        Path[] files = sources();
        AnnotatedFragment part = part(annotate(data, FortranOptions.DEFAULT, files));
        List<String> lines = Sources.read(files[1]).lines().toList();
        int longest = lines.stream().mapToInt(String::length).max().orElseThrow();
        assertTrue(longest <= 72, "a line of " + longest + " columns:\n" + String.join("\n", lines));
        List<String> model = lines.stream().filter(l -> l.startsWith("c*lcm* ") && !l.contains("fitted-on")
                && !l.startsWith("c*lcm* & depth") && !l.contains("runs =")).toList();
        assertTrue(model.size() > 1, String.join("\n", lines));
        assertTrue(model.get(0).startsWith("c*lcm* model: pc = ") && model.get(0).endsWith(" &"), model.get(0));
        assertTrue(model.get(1).startsWith("c*lcm* & "), model.get(1));
        // what is written is the model fitted, all five digits: read back, the source gives it
        String fitted = part.models().get(0).model();
        Map<Category, lcm.expr.Expr> read = new ProgramReader(new SourceRegistry(), FortranOptions.DEFAULT).read(List.of(files))
                .orThrow().dag().nodes().stream().filter(n -> n.isFragment() && n.name().equals("part")).findFirst()
                .orElseThrow().model();
        assertEquals(lcm.annotation.AnnotationReader.expression(fitted).text(), read.get(Category.PC).text());
    }

    @Test
    void annotatingTwiceLeavesTheContinuedLinesAsTheyAre() {
        Path data = data();
        Path[] files = sources();
        annotate(data, FortranOptions.DEFAULT, files);
        byte[] once = Sources.bytes(files[1]);
        AnnotationPlan again = annotate(data, FortranOptions.DEFAULT, files);
        assertArrayEquals(once, Sources.bytes(files[1]), Sources.read(files[1]));
        AnnotatedFragment part = part(again);
        long annotationLines = Sources.read(files[1]).lines().filter(l -> l.startsWith("c*lcm* ")).count();
        assertEquals(annotationLines, part.replaced(), "every model and fitted-on line replaced by itself");
    }

    @Test
    void withLineLength132TheLinesMayBeLonger() {
        Path data = data();
        Path[] files = sources();
        annotate(data, FortranOptions.DEFAULT, files);
        int at72 = Sources.read(files[1]).lines().toList().size();
        files = sources();
        annotate(data, new FortranOptions(true, Map.of(), 132, Optional.empty()), files);
        List<String> lines = Sources.read(files[1]).lines().toList();
        assertTrue(lines.stream().allMatch(l -> l.length() <= 132), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.length() > 72), String.join("\n", lines));
        assertTrue(lines.size() < at72, lines.size() + " lines at 132 columns, " + at72 + " at 72");
    }
}
