package lcm.frontend;

import lcm.dag.Dag;
import lcm.dag.Dags;
import lcm.fortran.FortranOptions;
import lcm.fortran.SourceForm;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which files lcm reads, and in which form (docs/fortran.md): the Fortran extensions with the
 * fixed/free rule of each, {@code .java}, an error naming the accepted extensions for anything
 * else, and {@code --form} reading any file as Fortran.
 */
class FileTypesTest {

    /** A loop that parses in both forms only when the form is right: a fixed-form continuation in column 6. */
    private static final String FIXED = """
                  program main
                  do i = 1,
                 >       n
                     call w(i)
                  end do
                  end
                  subroutine w(i)
                  x = i
                  end
            """;
    private static final String FREE = """
            program main
              do i = 1, &
                     n
                call w(i)
              end do
            end program main
            subroutine w(i)
              x = i
            end subroutine w
            """;

    @TempDir
    Path dir;

    private Dag dag(Path file, FortranOptions options) {
        return new ProgramReader(new SourceRegistry(), options).parse(List.of(file)).orThrow().dag();
    }

    @ParameterizedTest
    @ValueSource(strings = {"f", "for", "f77", "F", "FOR"})
    void fixedFormExtensions(String extension) throws IOException {
        Path f = Files.writeString(dir.resolve("p." + extension), FIXED);
        assertEquals("loop main[n](serial w(leaf))", shape(f));
    }

    @ParameterizedTest
    @ValueSource(strings = {"f90", "f95", "f03", "f08", "F90"})
    void freeFormExtensions(String extension) throws IOException {
        Path f = Files.writeString(dir.resolve("p." + extension), FREE);
        assertEquals("loop main[n](serial w(leaf))", shape(f));
    }

    /** The continued bound {@code n} shows the file was read in its form (else the loop would have no trip count). */
    private String shape(Path f) {
        return Dags.shape(dag(f, FortranOptions.DEFAULT).root());
    }

    @Test
    void anyOtherFileIsAnErrorNamingTheAcceptedExtensions() throws IOException {
        Path readme = Files.writeString(dir.resolve("README.md"), "# lcm\n\nnot Fortran\n");
        UserError e = assertThrows(UserError.class, () -> dag(readme, FortranOptions.DEFAULT));
        String message = e.diagnostics().get(0).headline();
        assertTrue(message.contains(readme + ": not a source file lcm reads (accepted: .f .for .f77 .ftn .fpp .F"
                + " .f90 .f95 .f03 .f08 .f18 .F90 (Fortran), .java;"), message);
        assertTrue(message.contains(".java") && message.contains("--form fixed|free"), message);
    }

    @Test
    void formOverridesTheExtension() throws IOException {
        Path src = Files.writeString(dir.resolve("prog.src"), FREE);
        FortranOptions free = FortranOptions.of(true, List.of(), 72, Optional.of(SourceForm.FREE));
        assertEquals("loop main[n](serial w(leaf))", Dags.shape(dag(src, free).root()));
        Path fixedSrc = Files.writeString(dir.resolve("fixed.txt"), FIXED);
        FortranOptions fixed = FortranOptions.of(true, List.of(), 72, Optional.of(SourceForm.FIXED));
        assertEquals("loop main[n](serial w(leaf))", Dags.shape(dag(fixedSrc, fixed).root()));
    }
}
