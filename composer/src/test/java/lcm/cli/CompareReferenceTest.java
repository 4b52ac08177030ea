package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm compare --reference}: measured reference data set against lcm's models, worked by hand. */
class CompareReferenceTest {

    @TempDir
    Path tmp;

    private static final String A = TestRepo.file("fixtures/compare/a.lcm").toString();
    private static final String B = TestRepo.file("fixtures/compare/b.lcm").toString();

    @Test
    void measuredReferenceDataPerPointAndCategory() throws IOException {
        // measured: A at p = 2: pc 110, sl 10 -> T = 120 / 2 = 60 s; lcm: T_A = 100/2 + 2*2 = 54 s: error -10.0 %;
        // pc (100 - 110)/110 = -9.1 %, sl (8 - 10)/10 = -20.0 %. B at p = 2: pc 60, cl 12 (lcm 60 and 12): +0.0 %.
        // At p = 4 two rows of A average to pc 100, sl 32 (lcm 100, 2*16 = 32): +0.0 %.
        Path pp = tmp.resolve("measured.pp");
        Files.writeString(pp, "tag=a.lcm p=2 pc=110 sl=10\ntag=b.lcm p=2 pc=60 cl=12\n"
                + "tag=a.lcm p=4 pc=90 sl=30\ntag=a.lcm p=4 pc=110 sl=34\n");
        CliRun r = CliRun.of("compare", A, B, "--range", "p=2:4", "--points", "3", "--reference", "a.lcm=" + pp,
                "--reference", "b.lcm=" + pp);
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        assertTrue(out.contains("against reference data (error = (lcm - reference) / reference):"), out);
        assertTrue(out.matches("(?s).*\\n     p = 2 +54 +60 +-10\\.0 % +-9\\.1 % +\\s+-20\\.0 %.*"), out);
        assertTrue(out.matches("(?s).*\\n     p = 4 +33 +33 +\\+0\\.0 % +\\+0\\.0 %.*"), out);
        // at p = 2 the reference has B faster (36 s < 60 s), lcm too (30 + 6 = 36 < 54); p = 4 only A is measured
        assertTrue(out.contains("the reference finds b.lcm faster at 1 of 1 points; lcm agrees at 1 of 1"), out);
    }

    @Test
    void aReferenceForAModelNotComparedIsAnError() {
        CliRun r = CliRun.of("compare", A, B, "--reference", "c.lcm=x.pp");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--reference c.lcm=x.pp: c.lcm is not one of the compared models (a.lcm, b.lcm)"),
                r.err());
    }
}
