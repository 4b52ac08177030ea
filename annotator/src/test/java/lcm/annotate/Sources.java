package lcm.annotate;

import lcm.fit.CandidateTable;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Small programs in the three comment styles, exact data for them, and annotate runs on files in a folder. */
final class Sources {

    /** Fixed form: one tile loop in work, which is thus the fragment 'work'. */
    static final String FIXED = String.join("\n",
            "      program main",
            "      call work",
            "      end",
            "c     the only fragment",
            "      subroutine work",
            "      integer i",
            "c*ksr* tile(i)",
            "      do i=1,10",
            "         x = i",
            "      end do",
            "c*ksr* end tile",
            "      end",
            "");

    /** Free form: one OpenMP parallel do (directive continued) in work. */
    static final String FREE = String.join("\n",
            "program main",
            "  call work",
            "end program main",
            "",
            "subroutine work",
            "  integer :: i",
            "  !$omp parallel do &",
            "  !$omp& schedule(static)",
            "  do i = 1, 10",
            "  end do",
            "  !$omp end parallel do",
            "end subroutine work",
            "");

    /** Java: one parallel stream loop in work. */
    static final String JAVA = String.join("\n",
            "import java.util.stream.IntStream;",
            "",
            "class Work {",
            "    public static void main(String[] args) {",
            "        work();",
            "    }",
            "",
            "    static void work() {",
            "        IntStream.range(0, 10).parallel().forEach(i -> {",
            "            System.out.println(i);",
            "        });",
            "    }",
            "}",
            "");

    /** A second source: subroutine part, whose one construct is a KSR tile loop (fragment part). */
    static final String PART = String.join("\n",
            "      subroutine part",
            "      integer i",
            "c*ksr* tile(i)",
            "      do i=1,10",
            "      end do",
            "c*ksr* end tile",
            "      end",
            "");

    /**
     * Exact pp data of the given tags over n in {64..512} x p in {1..8}: pc = 0.0001*n^2 and
     * li = 2e-5*n*(p - 1) (no imbalance on one processor); sl is measured as 0.
     */
    static String data(String... tags) {
        StringBuilder out = new StringBuilder("# exact test data\n");
        for (String tag : tags) {
            for (int n : new int[] {64, 128, 256, 512}) {
                for (int p : new int[] {1, 2, 4, 8}) {
                    out.append("tag=").append(tag).append(" n=").append(n).append(" p=").append(p)
                            .append(" pc=").append(1e-4 * n * n).append(" li=").append(2e-5 * n * (p - 1)).append(" sl=0\n");
                }
            }
        }
        return out.toString();
    }

    private Sources() {
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static AnnotationPlan plan(Path data, Path... sources) {
        SourceRegistry registry = new SourceRegistry();
        MeasurementSet set = MeasurementFormats.read(data, Optional.empty(), registry);
        return new Annotator(registry, CandidateTable.defaults()).plan(List.of(sources), set);
    }

    /** Plans and writes; returns the plan. */
    static AnnotationPlan annotate(Path data, Path... sources) {
        AnnotationPlan plan = plan(data, sources);
        Annotator.write(plan);
        return plan;
    }
}
